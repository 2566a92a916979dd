//! Helpers shared by the integration tests.

use isochron::curve::short_weierstrass::{Affine, Projective, SwCurve};
use isochron::field::{Field, SqrtField};
use rand_chacha::ChaCha20Rng;

/// A random point of the whole curve (cofactor part included, so not necessarily in the
/// subgroup): a random `x` until `x³ + b` is a square.
pub fn random_curve_point<C: SwCurve>(rng: &mut ChaCha20Rng) -> Projective<C>
where
    C::Base: SqrtField,
{
    loop {
        let x = C::Base::random(rng);
        if let Some(y) = Option::<C::Base>::from((x.square() * x + C::B).sqrt()) {
            return Affine::<C>::from_xy(x, y).unwrap().to_projective();
        }
    }
}
