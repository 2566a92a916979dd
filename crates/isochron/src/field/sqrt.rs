//! Square roots and quadratic residuosity in prime fields (constant time).
//!
//! STUB: implementations land with the sqrt work.
