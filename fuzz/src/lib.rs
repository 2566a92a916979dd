//! Shared checks of the fuzz targets (`fuzz_targets/*.rs`): every target decodes its input with
//! isochron and with a peer library and hands both outcomes to [`agree`].

/// Lower-case hex, for failure messages.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Asserts that isochron and the peer agree on `input`: both accept or both reject, and when
/// both accept, both re-encode the decoded value to the same bytes; for a canonical encoding
/// (`canonical`) those bytes are the input itself. Each outcome is the re-encoding, or `None`
/// for a rejection. A disagreement panics with the input, which libFuzzer records as a crash.
pub fn agree(what: &str, input: &[u8], ours: Option<Vec<u8>>, peer: Option<Vec<u8>>, canonical: bool) {
    match (&ours, &peer) {
        (Some(o), Some(p)) => {
            assert_eq!(hex(o), hex(p), "{what}: isochron and the peer decode {} to different values", hex(input));
            if canonical {
                assert_eq!(hex(o), hex(input), "{what}: the re-encoding of {} differs from it", hex(input));
            }
        }
        (None, None) => {}
        _ => panic!(
            "{what}: isochron {} and the peer {} the input {}",
            if ours.is_some() { "accepts" } else { "rejects" },
            if peer.is_some() { "accepts" } else { "rejects" },
            hex(input)
        ),
    }
}

/// isochron's own decoder of a curve's [`PointEncoding`] of the selected kind (compressed or
/// not, with the subgroup check or not) and the re-encoding of what it accepts.
pub fn decode_point<A: isochron::curve::PointEncoding>(b: &[u8], compressed: bool, checked: bool) -> Option<Vec<u8>> {
    let p = match (compressed, checked) {
        (true, true) => A::from_compressed(b),
        (true, false) => A::from_compressed_unchecked(b),
        (false, true) => A::from_uncompressed(b),
        (false, false) => A::from_uncompressed_unchecked(b),
    }
    .ok()?;
    Some(if compressed { p.to_compressed().as_ref().to_vec() } else { p.to_uncompressed().as_ref().to_vec() })
}
