//! Filters (`forward(cost <= 3, dull, you control)`) and conditions (`if count ... >= 2`).

use crate::diagnostic::{Code, Diagnostic};
use crate::ir::{CondIr, FilterIr, Operand};
use crate::syntax::ast::{Arith, CmpOp, Cond};
use crate::vocab::{TemplateKind, Ty};

use super::Checker;

impl Checker<'_> {
    /// One condition inside a filter's parentheses, read about the candidate card.
    pub(super) fn filter_cond(&self, cond: &Cond) -> Option<FilterIr> {
        if let Some(phrase) = joined_phrase(cond)
            && let Some(call) = self.try_phrase(&[TemplateKind::Filter], &phrase.atoms, phrase.span) {
                return Some(FilterIr::Pred(call));
            }
        match cond {
            Cond::Or(cs, _) => Some(FilterIr::Or(cs.iter().map(|c| self.filter_cond(c)).collect::<Option<_>>()?)),
            Cond::And(cs, _) => Some(FilterIr::And(cs.iter().map(|c| self.filter_cond(c)).collect::<Option<_>>()?)),
            Cond::Not(c, _) => Some(FilterIr::Not(Box::new(self.filter_cond(c)?))),
            Cond::Cmp { left, op, right, .. } => {
                let word = single_word(left)?;
                let property = self.vocab.property(word)?;
                let ty = self.vocab.properties[property.index()].ty.clone();
                match ty {
                    Ty::Number => {
                        let value = self.arith_operand(&Ty::Number, right, 0)?;
                        Some(FilterIr::Compare { property, op: *op, value })
                    }
                    _ if matches!(op, CmpOp::Eq | CmpOp::Ne) => {
                        let value = self.arith_operand(ty.element(), right, 0)?;
                        let has = FilterIr::Has { property, value };
                        Some(if *op == CmpOp::Ne { FilterIr::Not(Box::new(has)) } else { has })
                    }
                    _ => None,
                }
            }
            Cond::Plain(arith) if arith.rest.is_empty() => {
                let atoms = &arith.first.atoms;
                if let [one] = atoms.as_slice()
                    && let Some(kind) = one.word().and_then(|w| self.vocab.kind_plural(w)) {
                        return Some(FilterIr::Kind(kind));
                    }
                // `element fire`, `job "Warrior"`, `name "Cloud"`: the candidate has this value.
                if let Some(property) = atoms.first().and_then(|a| a.word()).and_then(|w| self.vocab.property(w)) {
                    let ty = self.vocab.properties[property.index()].ty.clone();
                    if let Some(value) = self.full_operand(&ty, &atoms[1..], 0).or_else(|| self.full_operand(ty.element(), &atoms[1..], 0)) {
                        return Some(FilterIr::Has { property, value });
                    }
                }
                self.try_phrase(&[TemplateKind::Filter], atoms, arith.span).map(FilterIr::Pred)
            }
            Cond::Plain(_) => None,
        }
    }

    /// Reports what is wrong with a filter condition; returns whether it reported anything.
    pub(super) fn diagnose_filter_cond(&mut self, cond: &Cond) -> bool {
        if self.filter_cond(cond).is_some() {
            return false;
        }
        match cond {
            Cond::Or(cs, _) | Cond::And(cs, _) => cs.iter().fold(false, |r, c| self.diagnose_filter_cond(c) | r),
            Cond::Not(c, _) => self.diagnose_filter_cond(c),
            _ => {
                if self.report_unknown_in_cond(cond) {
                    return true;
                }
                let text = self.text(cond.span()).to_string();
                let mut diag = Diagnostic::new(Code::E0102, cond.span(), format!("`{text}` is not a filter condition of {}", self.vocab.game))
                    .label("not a condition on a card");
                if let Cond::Cmp { left, .. } = cond {
                    if let Some(w) = single_word(left)
                        && self.vocab.property(w).is_none() {
                            diag = diag.help(format!("`{w}` is not a property; properties are declared with `property` in the game's prelude"));
                        }
                } else {
                    diag = diag.help("a filter condition is a kind (`forward`), a property (`cost <= 3`, `element fire`) or a declared `filter` (`dull`, `you control`)");
                }
                self.error(diag);
                true
            }
        }
    }

    /// A condition of an `if`: a comparison of numbers, or a `predicate` of the vocabulary.
    pub(super) fn condition(&mut self, cond: &Cond) -> Option<CondIr> {
        // A predicate whose words include `and`/`or` ("... 6 points of damage or more") is read whole first.
        if let Some(phrase) = joined_phrase(cond)
            && self.try_phrase(&[TemplateKind::Predicate], &phrase.atoms, phrase.span).is_some() {
                return self.phrase(&[TemplateKind::Predicate], &phrase).map(CondIr::Pred);
            }
        match cond {
            Cond::Or(cs, _) => Some(CondIr::Or(cs.iter().map(|c| self.condition(c)).collect::<Vec<_>>().into_iter().collect::<Option<_>>()?)),
            Cond::And(cs, _) => Some(CondIr::And(cs.iter().map(|c| self.condition(c)).collect::<Vec<_>>().into_iter().collect::<Option<_>>()?)),
            Cond::Not(c, _) => Some(CondIr::Not(Box::new(self.condition(c)?))),
            Cond::Cmp { left, op, right, .. } => {
                let l = self.number(left);
                let r = self.number(right);
                Some(CondIr::Compare { left: l?, op: *op, right: r? })
            }
            Cond::Plain(arith) => {
                if !arith.rest.is_empty() {
                    let diag = Diagnostic::new(Code::E0103, arith.span, "a number is not a condition").label("compare it: `... >= 2`");
                    self.error(diag);
                    return None;
                }
                self.phrase(&[TemplateKind::Predicate], &arith.first).map(CondIr::Pred)
            }
        }
    }

    /// An arithmetic expression that must be a number; reports when it is not.
    pub(super) fn number(&mut self, arith: &Arith) -> Option<Operand> {
        self.typed_arith(&Ty::Number, arith)
    }

    /// An expression of type `ty`; reports unknown words or the type mismatch.
    pub(super) fn typed_arith(&mut self, ty: &Ty, arith: &Arith) -> Option<Operand> {
        if let Some(op) = self.arith_operand(ty, arith, 0) {
            self.mark_operand(&op);
            return Some(op);
        }
        let mut reported = self.report_unknown_in_arith(arith);
        for phrase in std::iter::once(&arith.first).chain(arith.rest.iter().map(|(_, p)| p)) {
            reported |= self.report_bad_filters(&phrase.atoms);
        }
        if !reported {
            let text = self.text(arith.span).to_string();
            let expected = self.vocab.type_name(ty);
            let diag = Diagnostic::new(Code::E0103, arith.span, format!("expected {} {expected}, found `{text}`", article(&expected)))
                .label(format!("not {} {expected}", article(&expected)));
            self.error(diag);
        }
        None
    }

    /// E0106: numeric comparisons on one property that no card can satisfy (`cost <= 2, cost >= 5`).
    pub(super) fn check_satisfiable(&mut self, filter: &[FilterIr], span: crate::span::Span) {
        let mut bounds: std::collections::HashMap<crate::vocab::PropId, (i64, i64)> = Default::default();
        for f in filter {
            if let FilterIr::Compare { property, op, value: Operand::Number(n) } = f {
                let b = bounds.entry(*property).or_insert((i64::MIN, i64::MAX));
                match op {
                    CmpOp::Lt => b.1 = b.1.min(n.saturating_sub(1)),
                    CmpOp::Le => b.1 = b.1.min(*n),
                    CmpOp::Gt => b.0 = b.0.max(n.saturating_add(1)),
                    CmpOp::Ge => b.0 = b.0.max(*n),
                    CmpOp::Eq => {
                        b.0 = b.0.max(*n);
                        b.1 = b.1.min(*n);
                    }
                    CmpOp::Ne => {}
                }
            }
        }
        for (prop, (lo, hi)) in bounds {
            if lo > hi {
                let name = &self.vocab.properties[prop.index()].name;
                let diag = Diagnostic::new(Code::E0106, span, format!("this filter can match nothing: no card's {name} is both at least {lo} and at most {hi}"))
                    .label("no legal choice can exist");
                self.error(diag);
            }
        }
    }
}

pub(super) fn article(noun: &str) -> &'static str {
    if noun.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
}

/// `a or b and c` as one phrase with `or`/`and` as words, when every part is a plain phrase.
fn joined_phrase(cond: &Cond) -> Option<crate::syntax::ast::Phrase> {
    use crate::syntax::ast::{Atom, AtomKind, Phrase};
    let (parts, word) = match cond {
        Cond::Or(parts, _) => (parts, "or"),
        Cond::And(parts, _) => (parts, "and"),
        _ => return None,
    };
    let mut atoms: Vec<Atom> = vec![];
    for (i, part) in parts.iter().enumerate() {
        let piece = match part {
            Cond::Plain(a) if a.rest.is_empty() => a.first.clone(),
            other => joined_phrase(other)?,
        };
        if i > 0 {
            let gap = crate::span::Span { start: atoms.last().map_or(0, |a| a.span.end), end: piece.span.start };
            atoms.push(Atom { kind: AtomKind::Word { text: word.to_string(), possessive: false }, span: gap });
        }
        atoms.extend(piece.atoms);
    }
    Some(Phrase { atoms, span: cond.span() })
}

fn single_word(arith: &Arith) -> Option<&str> {
    match (arith.first.atoms.as_slice(), arith.rest.is_empty()) {
        ([one], true) => one.word(),
        _ => None,
    }
}
