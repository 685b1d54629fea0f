//! Typed operands: all the ways a run of atoms can be read as a value of a given type.
//!
//! Matching is by type: a `cards` slot reads `this`, a binding, `2 forward(dull)`; a `number`
//! slot reads `3`, `X`, `count forward(...)`, `power of it`, `(2 * X)`. Candidates are returned
//! with the number of atoms they consume, so the template matcher can backtrack.

use crate::ir::{Operand, Quantity};
use crate::syntax::ast::{Arith, ArithOp, Atom, AtomKind, Cond};
use crate::vocab::{TemplateKind, Ty};

use super::Checker;

/// How deep value phrases may nest inside value phrases (`owner of controller of ...`).
const MAX_VALUE_DEPTH: u8 = 3;

impl Checker<'_> {
    /// Every reading of a prefix of `atoms` as a value of type `ty`, as (atoms consumed, operand).
    pub(super) fn operands(&self, ty: &Ty, atoms: &[Atom], depth: u8) -> Vec<(usize, Operand)> {
        let mut out = vec![];
        let Some(first) = atoms.first() else { return out };
        if let Some(word) = first.word()
            && let Some(b) = self.lookup(word)
                && compatible(&b.ty, ty) {
                    out.push((1, Operand::Binding(word.to_string())));
                }
        match ty {
            Ty::Number => self.number_operands(atoms, depth, &mut out),
            Ty::Signed => {
                // `(+3)`: a signed number in parentheses, as UFS prints control checks.
                if let AtomKind::Group(arith) = &first.kind
                    && let ([inner], true) = (arith.first.atoms.as_slice(), arith.rest.is_empty())
                        && matches!(inner.kind, AtomKind::Signed { .. }) {
                            out.extend(self.operands(ty, std::slice::from_ref(inner), depth).into_iter().map(|(_, op)| (1, op)));
                        }
                if let AtomKind::Signed { negative, value } = &first.kind
                    && let Some(v) = self.full_operand(&Ty::Number, std::slice::from_ref(value.as_ref()), depth) {
                        out.push((1, Operand::Signed { negative: *negative, value: Box::new(v) }));
                    }
            }
            Ty::Text => {
                if let AtomKind::Str(s) = &first.kind {
                    out.push((1, Operand::Text(s.clone())));
                }
            }
            Ty::Cards => self.card_operands(atoms, &mut out),
            Ty::Player => {
                // `opponent`, and `opponent's` where the phrase goes on with what they own.
                if let AtomKind::Word { text, .. } = &first.kind {
                    if text == "your" && atoms.len() > 1 {
                        out.push((1, Operand::Player("you".into())));
                    } else if self.vocab.is_player(text) {
                        out.push((1, Operand::Player(text.clone())));
                    } else if first.word().is_none() && self.lookup(text).is_some_and(|b| b.ty == Ty::Player) {
                        out.push((1, Operand::Binding(text.clone())));
                    }
                }
            }
            Ty::Zone => self.zone_operands(atoms, &mut out),
            Ty::Keyword => {
                if let Some(k) = self.keyword_operand(first).or_else(|| self.keyword_by_name(first)) {
                    out.push((1, k));
                }
            }
            Ty::Ability => {
                if let Some(k) = self.keyword_operand(first) {
                    out.push((1, k));
                }
                if let AtomKind::List(items) = &first.kind {
                    // `[Haste, FirstStrike, ability { ... }]`
                    let keywords: Option<Vec<Operand>> = items
                        .iter()
                        .map(|c| match c {
                            Cond::Plain(a) if a.rest.is_empty() && a.first.atoms.len() == 1 => {
                                let atom = &a.first.atoms[0];
                                match atom.kind {
                                    AtomKind::Abilities(_) => Some(Operand::Abilities(vec![])),
                                    _ => self.keyword_operand(atom),
                                }
                            }
                            _ => None,
                        })
                        .collect();
                    if let Some(keywords) = keywords {
                        out.push((1, Operand::List(keywords)));
                    }
                }
                if let AtomKind::Abilities(_) = &first.kind {
                    // Checked for real (with diagnostics) by `granted_abilities` once the phrase matches.
                    out.push((1, Operand::Abilities(vec![])));
                }
            }
            Ty::Pair => {
                if let AtomKind::Pair(a, b) = &first.kind {
                    let a = self.full_operand(&Ty::Signed, std::slice::from_ref(a.as_ref()), depth);
                    let b = self.full_operand(&Ty::Signed, std::slice::from_ref(b.as_ref()), depth);
                    if let (Some(a), Some(b)) = (a, b) {
                        out.push((1, Operand::Pair(Box::new(a), Box::new(b))));
                    }
                }
            }
            Ty::Enum(e) => {
                if let Some(w) = first.word()
                    && let Some(v) = self.vocab.variant(w, *e) {
                        out.push((1, Operand::Variant(*e, v)));
                    }
            }
            Ty::Set(elem) | Ty::List(elem) => {
                if let AtomKind::List(items) = &first.kind {
                    let ops: Option<Vec<Operand>> = items.iter().map(|c| self.cond_as_operand(elem, c, depth)).collect();
                    if let Some(ops) = ops {
                        out.push((1, Operand::List(ops)));
                    }
                } else {
                    for (n, op) in self.operands(elem, atoms, depth) {
                        out.push((n, Operand::List(vec![op])));
                    }
                }
            }
            Ty::Cost => {
                if let AtomKind::Symbols(symbols) = &first.kind
                    && symbols.iter().all(|s| self.symbol_ok(&s.node)) {
                        out.push((1, Operand::Symbols(symbols.iter().map(|s| s.node.clone()).collect())));
                    }
            }
            Ty::Bool => {}
        }
        self.property_of(ty, atoms, depth, &mut out);
        if depth < MAX_VALUE_DEPTH {
            self.value_phrases(ty, atoms, depth + 1, &mut out);
        }
        out
    }

    /// `power of it`, `organizations of unit(you control)`: a property of cards, singular or plural.
    fn property_of(&self, ty: &Ty, atoms: &[Atom], depth: u8, out: &mut Vec<(usize, Operand)>) {
        let Some(word) = atoms[0].word() else { return };
        let Some(property) = self.vocab.property(word).or_else(|| self.vocab.property(word.strip_suffix('s')?)) else { return };
        if atoms.get(1).and_then(Atom::word) != Some("of") || !compatible(&self.vocab.properties[property.index()].ty, ty) {
            return;
        }
        for (n, op) in self.operands(&Ty::Cards, &atoms[2..], depth) {
            out.push((n + 2, Operand::Property { property, of: Box::new(op) }));
        }
    }

    /// The one reading of all of `atoms` as a `ty`, if there is one.
    pub(super) fn full_operand(&self, ty: &Ty, atoms: &[Atom], depth: u8) -> Option<Operand> {
        self.operands(ty, atoms, depth).into_iter().find(|(n, _)| *n == atoms.len()).map(|(_, op)| op)
    }

    /// A list element or call argument: a condition that is really just a value.
    pub(super) fn cond_as_operand(&self, ty: &Ty, cond: &Cond, depth: u8) -> Option<Operand> {
        match cond {
            Cond::Plain(arith) => self.arith_operand(ty, arith, depth),
            _ => None,
        }
    }

    /// `a`, or `a + b * c` when `ty` is a number.
    pub(super) fn arith_operand(&self, ty: &Ty, arith: &Arith, depth: u8) -> Option<Operand> {
        if arith.rest.is_empty() {
            return self.full_operand(ty, &arith.first.atoms, depth);
        }
        if *ty != Ty::Number {
            return None;
        }
        let mut terms = vec![self.full_operand(ty, &arith.first.atoms, depth)?];
        let mut ops = vec![];
        for (op, phrase) in &arith.rest {
            ops.push(*op);
            terms.push(self.full_operand(ty, &phrase.atoms, depth)?);
        }
        Some(fold_precedence(terms, ops))
    }

    fn number_operands(&self, atoms: &[Atom], depth: u8, out: &mut Vec<(usize, Operand)>) {
        let first = &atoms[0];
        match &first.kind {
            AtomKind::Number(n) => out.push((1, Operand::Number(*n))),
            AtomKind::Group(arith) => {
                if let Some(op) = self.arith_operand(&Ty::Number, arith, depth) {
                    out.push((1, op));
                }
            }
            _ => {}
        }
        let Some(word) = first.word() else { return };
        if word == "count" {
            for (n, op) in self.operands(&Ty::Cards, &atoms[1..], depth) {
                out.push((n + 1, Operand::Count(Box::new(op))));
            }
        }
    }

    /// `this`, a binding, `forward`, `2 forwards`, `up to 1 forward(dull)`, `all backup(you control)`.
    fn card_operands(&self, atoms: &[Atom], out: &mut Vec<(usize, Operand)>) {
        if matches!(atoms[0].kind, AtomKind::This) {
            out.push((1, Operand::This));
        }
        for (q_len, quantity) in self.quantities(atoms) {
            let Some(noun) = atoms.get(q_len) else { continue };
            if let Some((kind, filter)) = self.noun(noun) {
                out.push((q_len + 1, Operand::Cards { quantity, kind, filter }));
            }
        }
    }

    /// The possible quantity prefixes of a card set, with their lengths (no prefix means all).
    fn quantities(&self, atoms: &[Atom]) -> Vec<(usize, Quantity)> {
        let words: Vec<Option<&str>> = atoms.iter().take(3).map(Atom::word).collect();
        let mut out = vec![(0, Quantity::All)];
        match words.as_slice() {
            [Some("all" | "each" | "every"), ..] => out.push((1, Quantity::All)),
            [Some("any"), Some("number"), Some("of")] => out.push((3, Quantity::AnyNumber)),
            [Some("up"), Some("to"), ..] => {
                if let Some(n) = atoms.get(2).and_then(|a| self.count_atom(a)) {
                    out.push((3, Quantity::UpTo(Box::new(n))));
                }
            }
            _ => {
                if let Some(n) = self.count_atom(&atoms[0]) {
                    out.push((1, Quantity::Exactly(Box::new(n))));
                }
            }
        }
        out
    }

    /// A count written as one atom: `2`, `X`, `(X + 1)`.
    fn count_atom(&self, atom: &Atom) -> Option<Operand> {
        match &atom.kind {
            AtomKind::Number(n) => Some(Operand::Number(*n)),
            AtomKind::Group(a) => self.arith_operand(&Ty::Number, a, 0),
            AtomKind::Word { text, possessive: false } => match self.lookup(text) {
                Some(b) if b.ty == Ty::Number => Some(Operand::Binding(text.clone())),
                _ => None,
            },
            _ => None,
        }
    }

    /// `forward`, `forwards`, `forward(cost <= 3, dull)`: a kind and its filter.
    pub(super) fn noun(&self, atom: &Atom) -> Option<(crate::vocab::KindId, Vec<crate::ir::FilterIr>)> {
        match &atom.kind {
            AtomKind::Word { text, possessive: false } => self.vocab.kind_plural(text).map(|k| (k, vec![])),
            AtomKind::Call { name, args } => {
                let kind = self.vocab.kind_plural(&name.node)?;
                let filter: Option<Vec<_>> = args.iter().map(|a| self.filter_cond(a)).collect();
                Some((kind, filter?))
            }
            _ => None,
        }
    }

    /// `hand`, `your hand`, `opponent's break_zone`, `its owner's deck`.
    fn zone_operands(&self, atoms: &[Atom], out: &mut Vec<(usize, Operand)>) {
        let zone_at = |i: usize| atoms.get(i).and_then(Atom::word).filter(|w| self.vocab.is_zone(w));
        if let Some(z) = zone_at(0) {
            out.push((1, Operand::Zone { owner: None, zone: z.to_string() }));
        }
        let skip = usize::from(atoms[0].word() == Some("its"));
        let Some(owner_atom) = atoms.get(skip) else { return };
        let owner = match &owner_atom.kind {
            AtomKind::Word { text, possessive: false } if text == "your" => Some(Operand::Player("you".into())),
            AtomKind::Word { text, possessive: false } if text == "their" || text == "its" => Some(Operand::Player("owner".into())),
            AtomKind::Word { text, possessive: true } if self.vocab.is_player(text) => Some(Operand::Player(text.clone())),
            AtomKind::Word { text, possessive: true } => self.lookup(text).map(|_| Operand::Binding(text.clone())),
            _ => None,
        };
        if let (Some(owner), Some(z)) = (owner, zone_at(skip + 1)) {
            out.push((skip + 2, Operand::Zone { owner: Some(Box::new(owner)), zone: z.to_string() }));
        }
    }

    /// `Haste`, `Link([fire], 3)`, `Breaker(2)`.
    pub(super) fn keyword_operand(&self, atom: &Atom) -> Option<Operand> {
        let (name, args): (&str, &[Cond]) = match &atom.kind {
            AtomKind::Word { text, possessive: false } => (text, &[]),
            AtomKind::Call { name, args } => (&name.node, args),
            _ => return None,
        };
        let id = self.vocab.keyword(name)?;
        let sig = &self.vocab.keywords[id.index()];
        if sig.params.len() != args.len() {
            return None;
        }
        let args: Option<Vec<Operand>> =
            sig.params.iter().zip(args).map(|((_, ty), arg)| self.cond_as_operand(ty, arg, 0)).collect();
        Some(Operand::Keyword { keyword: id, args: args? })
    }

    /// A keyword named without its arguments (`Powerful` for any Powerful rating), as filters and
    /// conditions name it.
    fn keyword_by_name(&self, atom: &Atom) -> Option<Operand> {
        let keyword = self.vocab.keyword(atom.word()?)?;
        Some(Operand::Keyword { keyword, args: vec![] })
    }

    /// Value phrases of the vocabulary whose result has type `ty`: `owner of it`.
    fn value_phrases(&self, ty: &Ty, atoms: &[Atom], depth: u8, out: &mut Vec<(usize, Operand)>) {
        for (i, t) in self.vocab.templates.iter().enumerate() {
            if t.kind != TemplateKind::Value || !t.outputs.first().is_some_and(|(_, o)| compatible(o, ty)) {
                continue;
            }
            let id = crate::vocab::TemplateId(i as u32);
            for (n, args) in self.match_parts(&t.parts, atoms, depth) {
                let span = atoms[0].span.to(atoms[n.max(1) - 1].span);
                out.push((n, Operand::Value(Box::new(crate::ir::Call { template: id, args, span }))));
            }
        }
    }
}

/// Whether a value of type `have` can fill a slot of type `want`.
pub(super) fn compatible(have: &Ty, want: &Ty) -> bool {
    have == want
        || matches!((have, want), (Ty::Set(a) | Ty::List(a), Ty::Set(b) | Ty::List(b)) if a == b)
        || matches!((have, want), (e, Ty::Set(b) | Ty::List(b)) if e == b.as_ref())
}

/// Builds `a + b * c` with `*` and `/` binding tighter than `+` and `-`.
fn fold_precedence(terms: Vec<Operand>, ops: Vec<ArithOp>) -> Operand {
    let mut sums: Vec<Operand> = vec![];
    let mut sum_ops: Vec<ArithOp> = vec![];
    let mut terms = terms.into_iter();
    let mut current = terms.next().expect("at least one term");
    for (op, term) in ops.into_iter().zip(terms) {
        match op {
            ArithOp::Mul | ArithOp::Div => {
                current = Operand::Arith { left: Box::new(current), op, right: Box::new(term) };
            }
            ArithOp::Add | ArithOp::Sub => {
                sums.push(current);
                sum_ops.push(op);
                current = term;
            }
        }
    }
    sums.push(current);
    let mut sums = sums.into_iter();
    let mut acc = sums.next().expect("at least one sum");
    for (op, term) in sum_ops.into_iter().zip(sums) {
        acc = Operand::Arith { left: Box::new(acc), op, right: Box::new(term) };
    }
    acc
}
