fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let parsed = cardscript::syntax::parse_source(&text);
    for d in &parsed.diagnostics {
        print!("{}", cardscript::diagnostic::render::render_human(d, &path, &text, false));
    }
    for i in &parsed.items {
        println!("{:?}", i.item.as_ref().map(|x| format!("{x:?}").chars().take(400).collect::<String>()));
    }
}
