//! Embeds std-abilities/ into the binary, so `cardscript check` knows every game's vocabulary
//! wherever it runs.

use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let std_dir = root.join("std-abilities");
    println!("cargo:rerun-if-changed=std-abilities");
    let mut files = vec![];
    collect(&std_dir, &mut files);
    files.sort();
    let mut out = String::from("/// The standard library, embedded at build time: (path, text).\npub static STD_FILES: &[(&str, &str)] = &[\n");
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let rel = f.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        out.push_str(&format!("    ({rel:?}, include_str!({:?})),\n", f.display().to_string()));
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("std_files.rs");
    std::fs::write(dest, out).unwrap();
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            println!("cargo:rerun-if-changed={}", p.display());
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "card") {
            out.push(p);
        }
    }
}
