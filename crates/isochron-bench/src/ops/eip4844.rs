//! The EIP-4844 KZG ops (`eip4844/…`, [`isochron::protocols::eip4844`] with the embedded
//! mainnet setup, loaded before timing), on one thread (`ops::on_one_thread`) as the peers.
//! Inputs are the spec's byte strings: blobs (131072 bytes of canonical field elements),
//! commitments and proofs (48), `z` and `y` (32).
//!
//! The batches share one set of 64 blobs with their commitments and proofs (drawn from the
//! generator of `eip4844/verify_blob_kzg_proof_batch/64`, built once): batch `n` verifies the
//! first `n`.

use std::sync::OnceLock;

use isochron::protocols::eip4844::{KzgSettings, BYTES_PER_BLOB};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

use super::{on_one_thread, Side};
use crate::fixtures::Fixtures;
use crate::op::{Eip4844Op, Op};

/// The largest batch.
const MAX_BATCH: usize = 64;

/// A random blob of canonical field elements (each element's top two bits cleared).
pub(super) fn blob(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut b = vec![0u8; BYTES_PER_BLOB];
    rng.fill_bytes(&mut b);
    for fe in b.chunks_exact_mut(32) {
        fe[0] &= 0x3f;
    }
    b
}

/// A random canonical field element.
fn field_element(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut z = vec![0u8; 32];
    rng.fill_bytes(&mut z);
    z[0] &= 0x3f;
    z
}

/// A blob with its commitment and blob proof.
type Signed = (Vec<u8>, Vec<u8>, Vec<u8>);

/// `(blob, commitment, blob proof)` for the batches.
fn batch_fixture() -> &'static [Signed] {
    static F: OnceLock<Vec<Signed>> = OnceLock::new();
    F.get_or_init(|| {
        let s = KzgSettings::mainnet();
        let mut rng = Fixtures::rng(Op::Eip4844(Eip4844Op::VerifyBlobKzgProofBatch(MAX_BATCH)));
        (0..MAX_BATCH)
            .map(|_| {
                let b = blob(&mut rng);
                let c = s.blob_to_kzg_commitment(&b).expect("canonical blob");
                let p = s.compute_blob_kzg_proof(&b, &c).expect("canonical blob");
                (b, c.to_vec(), p.to_vec())
            })
            .collect()
    })
}

/// The `eip4844/…` ops; inputs as each arm documents.
pub fn eip4844(op: Eip4844Op, mut rng: ChaCha8Rng) -> Side {
    let s = KzgSettings::mainnet();
    let (inputs, kernel) = match op {
        // [blob]
        Eip4844Op::BlobToKzgCommitment => {
            let b = blob(&mut rng);
            (vec![b.clone()], on_one_thread(b, move |b| s.blob_to_kzg_commitment(b).expect("canonical")))
        }
        // [blob, z]
        Eip4844Op::ComputeKzgProof => {
            let (b, z) = (blob(&mut rng), field_element(&mut rng));
            (
                vec![b.clone(), z.clone()],
                on_one_thread((b, z), move |(b, z)| s.compute_kzg_proof(b, z).expect("canonical")),
            )
        }
        // [blob, commitment]
        Eip4844Op::ComputeBlobKzgProof => {
            let b = blob(&mut rng);
            let c = s.blob_to_kzg_commitment(&b).expect("canonical").to_vec();
            (
                vec![b.clone(), c.clone()],
                on_one_thread((b, c), move |(b, c)| s.compute_blob_kzg_proof(b, c).expect("valid")),
            )
        }
        // [commitment, z, y, proof]
        Eip4844Op::VerifyKzgProof => {
            let (b, z) = (blob(&mut rng), field_element(&mut rng));
            let c = s.blob_to_kzg_commitment(&b).expect("canonical").to_vec();
            let (proof, y) = s.compute_kzg_proof(&b, &z).expect("canonical");
            let inputs = vec![c, z, y.to_vec(), proof.to_vec()];
            assert_eq!(s.verify_kzg_proof(&inputs[0], &inputs[1], &inputs[2], &inputs[3]), Ok(true));
            (
                inputs.clone(),
                on_one_thread(inputs, move |i| s.verify_kzg_proof(&i[0], &i[1], &i[2], &i[3]).expect("valid")),
            )
        }
        // [blob, commitment, proof]
        Eip4844Op::VerifyBlobKzgProof => {
            let b = blob(&mut rng);
            let c = s.blob_to_kzg_commitment(&b).expect("canonical").to_vec();
            let p = s.compute_blob_kzg_proof(&b, &c).expect("canonical").to_vec();
            let inputs = vec![b, c, p];
            assert_eq!(s.verify_blob_kzg_proof(&inputs[0], &inputs[1], &inputs[2]), Ok(true));
            (
                inputs.clone(),
                on_one_thread(inputs, move |i| s.verify_blob_kzg_proof(&i[0], &i[1], &i[2]).expect("valid")),
            )
        }
        // [blob₁, …, blobₙ, commitment₁, …, commitmentₙ, proof₁, …, proofₙ]
        Eip4844Op::VerifyBlobKzgProofBatch(n) => {
            let set = &batch_fixture()[..n.min(MAX_BATCH)];
            let blobs: Vec<Vec<u8>> = set.iter().map(|t| t.0.clone()).collect();
            let cs: Vec<Vec<u8>> = set.iter().map(|t| t.1.clone()).collect();
            let ps: Vec<Vec<u8>> = set.iter().map(|t| t.2.clone()).collect();
            assert_eq!(s.verify_blob_kzg_proof_batch(&blobs, &cs, &ps), Ok(true));
            let inputs = [blobs.clone(), cs.clone(), ps.clone()].concat();
            (
                inputs,
                on_one_thread((blobs, cs, ps), move |(b, c, p)| s.verify_blob_kzg_proof_batch(b, c, p).expect("valid")),
            )
        }
    };
    Side { inputs, kernel }
}
