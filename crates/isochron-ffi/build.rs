//! Gives the shared library the soname `libisochron.so` (scripts/build_c.sh installs it under
//! that name, beside `libisochron.a`).

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libisochron.so");
    }
}
