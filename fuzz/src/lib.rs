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

/// The gas limit of the EVM targets' calls: a block's worth, so that a huge modexp length runs
/// out of gas (on both sides) instead of allocating (30M: a transaction's worth).
pub const EVM_GAS_LIMIT: u64 = 30_000_000;

/// The fork of an EVM target's selector byte (its value mod 5, Istanbul to Osaka).
pub fn evm_fork(sel: u8) -> (isochron::protocols::evm::Fork, revm_precompile::PrecompileSpecId) {
    use isochron::protocols::evm::Fork;
    use revm_precompile::PrecompileSpecId as S;
    match sel % 5 {
        0 => (Fork::Istanbul, S::ISTANBUL),
        1 => (Fork::Berlin, S::BERLIN),
        2 => (Fork::Cancun, S::CANCUN),
        3 => (Fork::Prague, S::PRAGUE),
        _ => (Fork::Osaka, S::OSAKA),
    }
}

/// An EVM target: `data` is a fork selector byte and the call's input; isochron's precompile
/// `p` and revm's at the same address, in that fork, with [`EVM_GAS_LIMIT`], must both succeed
/// with the same output and gas or both fail (a precompile absent from the fork fails).
pub fn evm(p: isochron::protocols::evm::Precompile, data: &[u8]) {
    let Some((&sel, input)) = data.split_first() else { return };
    let (fork, spec) = evm_fork(sel);
    let ours = p.execute(input, EVM_GAS_LIMIT, fork).ok();
    let address = revm_precompile::primitives::Address::from(p.address_bytes());
    let theirs = revm_precompile::Precompiles::new(spec).get(&address).and_then(|pc| {
        match pc.execute(input, EVM_GAS_LIMIT, 0) {
            Ok(out) if out.status.is_success() => Some((out.bytes.to_vec(), out.gas_used)),
            _ => None,
        }
    });
    assert_eq!(
        ours.as_ref().map(|(o, g)| (hex(o), *g)),
        theirs.as_ref().map(|(o, g)| (hex(o), *g)),
        "{p} ({fork}): isochron and revm differ on {}",
        hex(input)
    );
}
