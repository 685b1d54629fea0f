//! Matching a phrase against the game's templates, and explaining a phrase that matches none.

use crate::diagnostic::{Code, Diagnostic};
use crate::ir::{Call, Operand};
use crate::syntax::ast::{Atom, AtomKind, Phrase};
use crate::vocab::{Part, TemplateId, TemplateKind};

use super::Checker;

/// Most partial matches kept while backtracking through one template.
const MAX_PARTIAL_MATCHES: usize = 64;

impl Checker<'_> {
    /// Every way a prefix of `atoms` matches `parts`: (atoms consumed, one operand per slot).
    pub(super) fn match_parts(&self, parts: &[Part], atoms: &[Atom], depth: u8) -> Vec<(usize, Vec<Operand>)> {
        let mut out = vec![];
        self.match_from(parts, atoms, 0, vec![], depth, &mut out);
        out
    }

    fn match_from(
        &self,
        parts: &[Part],
        atoms: &[Atom],
        pos: usize,
        acc: Vec<Operand>,
        depth: u8,
        out: &mut Vec<(usize, Vec<Operand>)>,
    ) {
        if out.len() >= MAX_PARTIAL_MATCHES {
            return;
        }
        let Some((part, rest)) = parts.split_first() else {
            out.push((pos, acc));
            return;
        };
        match part {
            Part::Word(w) => {
                if atoms.get(pos).is_some_and(|a| atom_is_word(a, w)) {
                    self.match_from(rest, atoms, pos + 1, acc, depth, out);
                }
            }
            Part::Slot { ty, .. } => {
                if pos < atoms.len() {
                    for (n, op) in self.operands(ty, &atoms[pos..], depth) {
                        let mut next = acc.clone();
                        next.push(op);
                        self.match_from(rest, atoms, pos + n, next, depth, out);
                    }
                }
            }
            Part::Optional(inner) => {
                for (n, ops) in self.match_parts(inner, &atoms[pos..], depth) {
                    let mut next = acc.clone();
                    next.extend(ops);
                    self.match_from(rest, atoms, pos + n, next, depth, out);
                }
                let mut skipped = acc;
                skipped.extend(std::iter::repeat_n(Operand::Absent, slot_count(inner)));
                self.match_from(rest, atoms, pos, skipped, depth, out);
            }
        }
    }

    /// The first template of one of `kinds` that reads all of `atoms`.
    pub(super) fn try_phrase(&self, kinds: &[TemplateKind], atoms: &[Atom], span: crate::span::Span) -> Option<Call> {
        self.first_match(kinds, atoms, span, false)
    }

    /// Like `phrase`, but only templates that give a value; reports nothing.
    pub(super) fn try_phrase_with_output(&mut self, kinds: &[TemplateKind], phrase: &Phrase) -> Option<Call> {
        let mut call = self.first_match(kinds, &phrase.atoms, phrase.span, true)?;
        self.check_granted_abilities(&mut call, &phrase.atoms);
        self.mark_call(&call);
        Some(call)
    }

    fn first_match(&self, kinds: &[TemplateKind], atoms: &[Atom], span: crate::span::Span, with_output: bool) -> Option<Call> {
        let words = phrase_words(atoms);
        for (i, t) in self.vocab.templates.iter().enumerate() {
            if !kinds.contains(&t.kind) || !t.required_words.iter().all(|w| words.contains(&w.as_str())) {
                continue;
            }
            if with_output && t.outputs.is_empty() {
                continue;
            }
            let full = self.match_parts(&t.parts, atoms, 0).into_iter().find(|(n, _)| *n == atoms.len());
            if let Some((_, args)) = full {
                return Some(Call { template: TemplateId(i as u32), args, span });
            }
        }
        None
    }

    /// Resolves a phrase to a template of one of `kinds`, or reports why it cannot.
    pub(super) fn phrase(&mut self, kinds: &[TemplateKind], phrase: &Phrase) -> Option<Call> {
        if let Some(mut call) = self.try_phrase(kinds, &phrase.atoms, phrase.span) {
            self.warn_if_ambiguous(kinds, phrase, call.template);
            self.check_granted_abilities(&mut call, &phrase.atoms);
            self.mark_call(&call);
            return Some(call);
        }
        self.explain_mismatch(kinds, phrase);
        None
    }

    /// W0002: a second, different template also reads the whole phrase; the first declared wins.
    fn warn_if_ambiguous(&mut self, kinds: &[TemplateKind], phrase: &Phrase, chosen: TemplateId) {
        let words = phrase_words(&phrase.atoms);
        let other = self.vocab.templates.iter().enumerate().skip(chosen.index() + 1).find(|(_, t)| {
            kinds.contains(&t.kind)
                && t.required_words.iter().all(|w| words.contains(&w.as_str()))
                && self.match_parts(&t.parts, &phrase.atoms, 0).iter().any(|(n, _)| *n == phrase.atoms.len())
        });
        if let Some((i, _)) = other {
            let text = self.text(phrase.span).to_string();
            let diag = Diagnostic::new(Code::W0002, phrase.span, format!("`{text}` reads two ways"))
                .label(format!("read as `{}`", self.vocab.signature(chosen)))
                .help(format!("it also reads as `{}`; reword the phrase or the declarations so only one applies", self.vocab.signature(TemplateId(i as u32))));
            self.error(diag);
        }
    }

    /// Checks `ability { ... }` literals of a matched phrase (also inside lists) and puts their IR
    /// in place of the placeholders the matcher left, in source order.
    fn check_granted_abilities(&mut self, call: &mut Call, atoms: &[Atom]) {
        let mut literals = vec![];
        collect_ability_literals(atoms, &mut literals);
        let mut literals = literals.into_iter();
        let mut placeholders = vec![];
        for arg in &mut call.args {
            collect_placeholders(arg, &mut placeholders);
        }
        for slot in placeholders {
            let Some(list) = literals.next() else { break };
            *slot = list.iter().filter_map(|a| self.ability(a)).collect();
        }
    }

    fn explain_mismatch(&mut self, kinds: &[TemplateKind], phrase: &Phrase) {
        // The phrase is wrong, not its bindings: do not also warn that they are unused.
        let words: Vec<String> = phrase.atoms.iter().filter_map(|a| a.word().map(str::to_string)).collect();
        self.mark_used(words.iter().map(String::as_str));
        if self.report_unknown_words(&phrase.atoms) {
            return;
        }
        if self.report_bad_filters(&phrase.atoms) {
            return;
        }
        let text = self.text(phrase.span).to_string();
        let noun = kinds.first().map_or("phrase", |k| k.noun());
        // A phrase of the wrong kind: an action where only rules may go, and so on.
        let other_kinds = [TemplateKind::Action, TemplateKind::Rule, TemplateKind::Predicate, TemplateKind::Event, TemplateKind::Cost];
        let elsewhere: Vec<TemplateKind> = other_kinds.into_iter().filter(|k| !kinds.contains(k)).collect();
        if let Some(call) = self.try_phrase(&elsewhere, &phrase.atoms, phrase.span) {
            let found = self.vocab.templates[call.template.index()].kind.noun();
            let diag = Diagnostic::new(Code::E0107, phrase.span, format!("`{text}` is {} {found}, but {} {noun} is expected here", article(found), article(noun)))
                .label(format!("{} {found}", article(found)));
            self.error(diag);
            return;
        }
        let mut diag = Diagnostic::new(Code::E0102, phrase.span, format!("no {noun} of {} reads `{text}`", self.vocab.game))
            .label(format!("not {} {noun} of {}", article(noun), self.vocab.game));
        for id in self.closest_templates(kinds, &phrase.atoms) {
            diag = diag.help(format!("did you mean `{}`?", self.vocab.signature(id)));
        }
        self.error(diag);
    }

    /// Reports filters that name a kind but whose conditions do not check.
    pub(super) fn report_bad_filters(&mut self, atoms: &[Atom]) -> bool {
        let mut reported = false;
        for atom in atoms {
            if let AtomKind::Call { name, args } = &atom.kind
                && self.vocab.kind_plural(&name.node).is_some() {
                    for arg in args {
                        reported |= self.diagnose_filter_cond(arg);
                    }
                }
        }
        reported
    }

    /// Up to three templates sharing the most words with the phrase.
    fn closest_templates(&self, kinds: &[TemplateKind], atoms: &[Atom]) -> Vec<TemplateId> {
        let words = phrase_words(atoms);
        let first = atoms.first().and_then(Atom::word);
        let mut scored: Vec<(usize, TemplateId)> = self
            .vocab
            .templates
            .iter()
            .enumerate()
            .filter(|(_, t)| kinds.contains(&t.kind))
            .map(|(i, t)| {
                let shared = t.required_words.iter().filter(|w| words.contains(&w.as_str())).count();
                let same_start = matches!(t.parts.first(), Some(Part::Word(w)) if Some(w.as_str()) == first);
                (shared * 2 + usize::from(same_start) * 3, TemplateId(i as u32))
            })
            .filter(|(score, _)| *score > 0)
            .collect();
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.into_iter().take(3).map(|(_, id)| id).collect()
    }
}

fn collect_ability_literals<'a>(atoms: &'a [Atom], out: &mut Vec<&'a Vec<crate::syntax::ast::Ability>>) {
    for a in atoms {
        match &a.kind {
            AtomKind::Abilities(list) => out.push(list),
            AtomKind::List(items) => {
                for item in items {
                    if let crate::syntax::ast::Cond::Plain(arith) = item {
                        collect_ability_literals(&arith.first.atoms, out);
                    }
                }
            }
            _ => {}
        }
    }
}

fn collect_placeholders<'a>(op: &'a mut Operand, out: &mut Vec<&'a mut Vec<crate::ir::AbilityIr>>) {
    match op {
        Operand::Abilities(slot) => out.push(slot),
        Operand::List(items) => items.iter_mut().for_each(|i| collect_placeholders(i, out)),
        _ => {}
    }
}

fn article(noun: &str) -> &'static str {
    if noun.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
}

/// Whether an atom is the template word `w` (`opponent's` matches a possessive atom).
fn atom_is_word(atom: &Atom, w: &str) -> bool {
    match &atom.kind {
        AtomKind::Word { text, possessive: false } => text == w,
        AtomKind::Word { text, possessive: true } => w.strip_suffix("'s").or_else(|| w.strip_suffix('\'')) == Some(text.as_str()),
        AtomKind::This => w == "this",
        AtomKind::Symbols(s) => s.len() == 1 && w.strip_prefix('{').and_then(|x| x.strip_suffix('}')) == Some(s[0].node.as_str()),
        _ => false,
    }
}

/// The words of a phrase, as template words would spell them.
fn phrase_words(atoms: &[Atom]) -> Vec<&str> {
    atoms
        .iter()
        .filter_map(|a| match &a.kind {
            AtomKind::Word { text, .. } => Some(text.as_str()),
            AtomKind::This => Some("this"),
            _ => None,
        })
        .collect()
}

fn slot_count(parts: &[Part]) -> usize {
    parts
        .iter()
        .map(|p| match p {
            Part::Slot { .. } => 1,
            Part::Optional(inner) => slot_count(inner),
            Part::Word(_) => 0,
        })
        .sum()
}
