//! Output formats (DESIGN.md §3): a human-readable table, or JSON lines, one object per op
//! and peer: `{"op":"bls12_381/fp/mul","peer":"blst","isochron_ns":41.2,"peer_ns":46.0,
//! "ratio":0.896}` with `ratio = isochron_ns / peer_ns`, and `"peer":null` (and null `peer_ns`,
//! `ratio`) for an op no peer has. Without peers (`isochron bench`): `{"op":…,"isochron_ns":…}`.
//! An op with a gas cost (the `evm/…` ops) adds, after those keys, `"gas":N` and the throughput
//! `"isochron_mgas_s":…` (and `"peer_mgas_s":…`) in millions of gas per second; the table
//! appends `N gas` and the MGas/s of each side.

use crate::timing::Measurement;

/// How results are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// JSON lines instead of a table.
    pub json: bool,
    /// Peer columns (the comparison benchmark) or isochron alone (the CLI).
    pub peers: bool,
}

/// Width of the op column of the table.
const OP_WIDTH: usize = 28;

impl Report {
    /// The table's header line; none for JSON.
    pub fn header(&self) -> Option<String> {
        match (self.json, self.peers) {
            (true, _) => None,
            (false, true) => Some(format!(
                "{:<OP_WIDTH$} {:<10} {:>14} {:>14} {:>7}",
                "op", "peer", "isochron ns", "peer ns", "ratio"
            )),
            (false, false) => Some(format!("{:<OP_WIDTH$} {:>14}", "op", "isochron ns")),
        }
    }

    /// The lines reporting one measurement: one per peer, or one with no peer.
    pub fn lines(&self, m: &Measurement) -> Vec<String> {
        let mut lines = self.base_lines(m);
        if let Some(gas) = m.gas {
            // MGas/s = gas / ns · 1000.
            let mgas = |ns: f64| gas as f64 / ns * 1e3;
            let peer_ns: Vec<Option<f64>> = if self.peers && !m.peers.is_empty() {
                m.peers.iter().map(|&(_, ns)| Some(ns)).collect()
            } else {
                vec![None]
            };
            for (line, peer_ns) in lines.iter_mut().zip(peer_ns) {
                if self.json {
                    line.pop();
                    line.push_str(&format!(r#","gas":{gas},"isochron_mgas_s":{:.1}"#, mgas(m.isochron_ns)));
                    if let Some(ns) = peer_ns {
                        line.push_str(&format!(r#","peer_mgas_s":{:.1}"#, mgas(ns)));
                    }
                    line.push('}');
                } else {
                    line.push_str(&format!("  {gas} gas, MGas/s {:.1}", mgas(m.isochron_ns)));
                    if let Some(ns) = peer_ns {
                        line.push_str(&format!(" / {:.1}", mgas(ns)));
                    }
                }
            }
        }
        lines
    }

    fn base_lines(&self, m: &Measurement) -> Vec<String> {
        if !self.peers {
            return vec![if self.json {
                format!(r#"{{"op":"{}","isochron_ns":{:.1}}}"#, m.op, m.isochron_ns)
            } else {
                format!("{:<OP_WIDTH$} {:>14.1}", m.op, m.isochron_ns)
            }];
        }
        if m.peers.is_empty() {
            return vec![if self.json {
                format!(
                    r#"{{"op":"{}","peer":null,"isochron_ns":{:.1},"peer_ns":null,"ratio":null}}"#,
                    m.op, m.isochron_ns
                )
            } else {
                format!("{:<OP_WIDTH$} {:<10} {:>14.1} {:>14} {:>7}", m.op, "-", m.isochron_ns, "-", "-")
            }];
        }
        m.peers
            .iter()
            .map(|&(peer, peer_ns)| {
                let ratio = m.isochron_ns / peer_ns;
                if self.json {
                    format!(
                        r#"{{"op":"{}","peer":"{}","isochron_ns":{:.1},"peer_ns":{:.1},"ratio":{:.3}}}"#,
                        m.op, peer, m.isochron_ns, peer_ns, ratio
                    )
                } else {
                    format!("{:<OP_WIDTH$} {:<10} {:>14.1} {:>14.1} {:>7.3}", m.op, peer, m.isochron_ns, peer_ns, ratio)
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(peers: Vec<(&'static str, f64)>) -> Measurement {
        Measurement { op: "bls12_381/fp/mul".into(), isochron_ns: 41.2, peers, gas: None }
    }

    #[test]
    fn gas_adds_mgas_per_second() {
        let m = Measurement {
            op: "evm/bn254_add".into(),
            isochron_ns: 1500.0,
            peers: vec![("revm", 3000.0)],
            gas: Some(150),
        };
        let r = Report { json: true, peers: true };
        assert_eq!(
            r.lines(&m),
            vec![
                r#"{"op":"evm/bn254_add","peer":"revm","isochron_ns":1500.0,"peer_ns":3000.0,"ratio":0.500,"gas":150,"isochron_mgas_s":100.0,"peer_mgas_s":50.0}"#
            ]
        );
        let cli = Report { json: true, peers: false };
        assert_eq!(
            cli.lines(&m),
            vec![r#"{"op":"evm/bn254_add","isochron_ns":1500.0,"gas":150,"isochron_mgas_s":100.0}"#]
        );
        let table = Report { json: false, peers: true };
        assert!(table.lines(&m)[0].ends_with("0.500  150 gas, MGas/s 100.0 / 50.0"));
    }

    #[test]
    fn json_lines_follow_the_contract() {
        let r = Report { json: true, peers: true };
        assert_eq!(
            r.lines(&m(vec![("blst", 46.0), ("arkworks", 50.0)])),
            vec![
                r#"{"op":"bls12_381/fp/mul","peer":"blst","isochron_ns":41.2,"peer_ns":46.0,"ratio":0.896}"#,
                r#"{"op":"bls12_381/fp/mul","peer":"arkworks","isochron_ns":41.2,"peer_ns":50.0,"ratio":0.824}"#,
            ]
        );
        assert_eq!(
            r.lines(&m(vec![])),
            vec![r#"{"op":"bls12_381/fp/mul","peer":null,"isochron_ns":41.2,"peer_ns":null,"ratio":null}"#]
        );
        assert_eq!(r.header(), None);
        let cli = Report { json: true, peers: false };
        assert_eq!(cli.lines(&m(vec![])), vec![r#"{"op":"bls12_381/fp/mul","isochron_ns":41.2}"#]);
    }

    #[test]
    fn table_columns_line_up() {
        let r = Report { json: false, peers: true };
        let header = r.header().unwrap();
        let line = &r.lines(&m(vec![("blst", 46.0)]))[0];
        assert_eq!(header.len(), line.len());
        assert!(line.starts_with("bls12_381/fp/mul") && line.ends_with("0.896"));
    }
}
