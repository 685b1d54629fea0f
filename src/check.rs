//! The checker: resolves every phrase of an item against its game's vocabulary, types every
//! operand, reports every problem, and produces the typed IR.
//!
//! The checker knows the AST and the vocabulary; it knows nothing of salsa, files or the engine.

mod ability;
mod card;
mod filter;
mod operand;
mod stmt;
mod template;

use crate::diagnostic::{suggestions, Code, Diagnostic};
use crate::ir::{CardIr, KeywordIr};
use crate::span::Span;
use crate::syntax::ast::{Atom, AtomKind, Item};
use crate::vocab::{Ty, Vocabulary};

/// What checking one item produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ItemIr {
    Card(CardIr),
    Keyword(KeywordIr),
    /// A vocabulary declaration or `game` line: checked when the vocabulary is built.
    Declaration,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedItem {
    /// `None` when the item has errors.
    pub ir: Option<ItemIr>,
    /// Diagnostics with item-relative spans.
    pub diagnostics: Vec<Diagnostic>,
}

/// Checks one item. `others` are the other games' vocabularies, used to explain a word that
/// belongs to another game. `src` is the item's own text (spans are relative to it).
pub fn check_item(vocab: &Vocabulary, others: &[&Vocabulary], item: &Item, src: &str) -> CheckedItem {
    let mut checker = Checker { vocab, others, src, scopes: vec![], diags: vec![] };
    let ir = match item {
        Item::Card(card) => checker.card(card).map(ItemIr::Card),
        Item::Keyword(kw) => checker.keyword(kw).map(ItemIr::Keyword),
        _ => Some(ItemIr::Declaration),
    };
    let has_errors = checker.diags.iter().any(Diagnostic::is_error);
    CheckedItem { ir: if has_errors { None } else { ir }, diagnostics: checker.diags }
}

/// An optional part that checked (`Some(Some(x))`) or was absent (`None`) is fine; one that failed
/// to check (`Some(None)`) makes the whole fail: `Some(result)` or `None`.
fn present<T>(part: Option<Option<T>>) -> Option<Option<T>> {
    match part {
        Some(checked) => checked.map(Some),
        None => Some(None),
    }
}

pub(crate) struct Binding {
    name: String,
    ty: Ty,
    span: Span,
    used: bool,
    /// Warn when unused (explicit `as x`, `let`, `for each x`, and the implicit `it` of choose).
    warn_unused: bool,
}

pub(crate) struct Checker<'a> {
    vocab: &'a Vocabulary,
    others: &'a [&'a Vocabulary],
    src: &'a str,
    scopes: Vec<Vec<Binding>>,
    diags: Vec<Diagnostic>,
}

impl<'a> Checker<'a> {
    fn error(&mut self, diag: Diagnostic) {
        self.diags.push(diag);
    }

    /// The source text of a span, without surrounding whitespace.
    fn text(&self, span: Span) -> &str {
        self.src.get(span.range()).unwrap_or("").trim()
    }

    fn push_scope(&mut self) {
        self.scopes.push(vec![]);
    }

    /// Closes a scope, warning about bindings nobody read.
    fn pop_scope(&mut self) {
        for b in self.scopes.pop().unwrap_or_default() {
            if b.warn_unused && !b.used {
                let diag = Diagnostic::new(Code::W0001, b.span, format!("`{}` is never used", b.name))
                    .label("bound here")
                    .help("use it, or drop the binding");
                self.diags.push(diag);
            }
        }
    }

    fn bind(&mut self, name: &str, ty: Ty, span: Span, warn_unused: bool) {
        let scope = self.scopes.last_mut().expect("bindings live in a scope");
        scope.push(Binding { name: name.to_string(), ty, span, used: false, warn_unused });
    }

    fn lookup(&self, name: &str) -> Option<&Binding> {
        self.scopes.iter().rev().flat_map(|s| s.iter().rev()).find(|b| b.name == name)
    }

    /// Marks every binding an operand reads as used.
    fn mark_operand(&mut self, op: &crate::ir::Operand) {
        let mut used = vec![];
        op.bindings_used(&mut used);
        self.mark_used(used);
    }

    /// Marks every binding a call's arguments read as used.
    fn mark_call(&mut self, call: &crate::ir::Call) {
        let mut used = vec![];
        call.bindings_used(&mut used);
        self.mark_used(used);
    }

    /// Marks every binding read by the given names as used.
    fn mark_used<'n>(&mut self, names: impl IntoIterator<Item = &'n str>) {
        for name in names {
            if let Some(b) = self.scopes.iter_mut().rev().flat_map(|s| s.iter_mut().rev()).find(|b| b.name == name) {
                b.used = true;
            }
        }
    }

    /// Explains why a phrase did not match, word by word: unknown words (with suggestions) and
    /// words of another game. Returns whether it reported anything.
    fn report_unknown_words(&mut self, atoms: &[Atom]) -> bool {
        let mut reported = false;
        for atom in atoms {
            let (word, span) = match &atom.kind {
                AtomKind::Word { text, .. } => (text.as_str(), atom.span),
                AtomKind::Call { name, args } => {
                    for arg in args {
                        reported |= self.report_unknown_in_cond(arg);
                    }
                    (name.node.as_str(), name.span)
                }
                AtomKind::Signed { value, .. } => {
                    reported |= self.report_unknown_words(std::slice::from_ref(value));
                    continue;
                }
                AtomKind::Symbols(symbols) => {
                    for s in symbols {
                        if !self.symbol_ok(&s.node) {
                            reported = true;
                            let diag = self.unknown_name_diag(&s.node, s.span, "symbol");
                            self.error(diag);
                        }
                    }
                    continue;
                }
                _ => continue,
            };
            if self.word_is_known(word) {
                continue;
            }
            reported = true;
            let diag = self.unknown_name_diag(word, span, "word");
            self.error(diag);
        }
        reported
    }

    fn report_unknown_in_cond(&mut self, cond: &crate::syntax::ast::Cond) -> bool {
        use crate::syntax::ast::Cond;
        match cond {
            Cond::Or(cs, _) | Cond::And(cs, _) => cs.iter().fold(false, |r, c| self.report_unknown_in_cond(c) | r),
            Cond::Not(c, _) => self.report_unknown_in_cond(c),
            Cond::Cmp { left, right, .. } => self.report_unknown_in_arith(left) | self.report_unknown_in_arith(right),
            Cond::Plain(a) => self.report_unknown_in_arith(a),
        }
    }

    fn report_unknown_in_arith(&mut self, a: &crate::syntax::ast::Arith) -> bool {
        let mut r = self.report_unknown_words(&a.first.atoms);
        for (_, p) in &a.rest {
            r |= self.report_unknown_words(&p.atoms);
        }
        r
    }

    fn word_is_known(&self, word: &str) -> bool {
        const LANGUAGE_WORDS: [&str; 14] =
            ["count", "of", "up", "to", "all", "each", "every", "any", "number", "your", "their", "its", "from", "not"];
        if matches!(word, "it" | "them" | "X") {
            return self.lookup(word).is_some();
        }
        LANGUAGE_WORDS.contains(&word)
            || self.lookup(word).is_some()
            || self.vocab.knows_word(word)
            || self.vocab.kind_plural(word).is_some()
    }

    fn symbol_ok(&self, symbol: &str) -> bool {
        symbol == "x" || symbol.chars().all(|c| c.is_ascii_digit()) || self.vocab.is_symbol(symbol)
    }

    /// "unknown word" with suggestions, or "belongs to another game".
    fn unknown_name_diag(&self, word: &str, span: Span, what: &str) -> Diagnostic {
        if matches!(word, "it" | "them" | "X") {
            return Diagnostic::new(Code::E0100, span, format!("`{word}` refers to nothing here"))
                .label("not bound")
                .help(match word {
                    "X" => "`X` is bound by an {x} cost, a cost that names it (`pay X ep`) or a `let X = ...`",
                    _ => "`choose 1 forward` binds `it`; `choose 2 forwards` binds `them`; `as NAME` gives a name",
                });
        }
        if self.word_is_known(word) {
            return Diagnostic::new(Code::E0100, span, format!("`{word}` is not a {what}")).label(format!("not a {what} of {}", self.vocab.game));
        }
        if let Some(other) = self.others.iter().find(|o| o.knows_word(word) || o.kind_plural(word).is_some()) {
            return Diagnostic::new(
                Code::E0101,
                span,
                format!("`{word}` is {} vocabulary, not {}", other.game, self.vocab.game),
            )
            .label(format!("not a word of {}", self.vocab.game))
            .help(format!("this file is a `game {}` file; each game declares its own words in std-abilities/{}/", self.vocab.game, self.vocab.game));
        }
        let bound: Vec<&str> = self.scopes.iter().flatten().map(|b| b.name.as_str()).collect();
        let known = self.vocab.all_words().chain(bound);
        let mut diag = Diagnostic::new(Code::E0100, span, format!("unknown {what} `{word}`")).label(format!("not known in {}", self.vocab.game));
        if let Some(s) = suggestions(word, known).first() {
            diag = diag.help(format!("did you mean `{s}`?"));
        }
        diag
    }
}
