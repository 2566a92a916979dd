//! The reusable parts of the `isochron` command, as a library so that the fuzz targets
//! (`fuzz/`) and tests call exactly the code the command runs: [`hex`], the parsing of every hex
//! argument, and [`json`], the reader of the JSON inputs.

pub mod hex;
pub mod json;
