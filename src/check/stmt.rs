//! Statements of an ability body: phrases, choose/select, if, may, for each, modes, let, delayed.

use crate::diagnostic::{Code, Diagnostic};
use crate::ir::{Effect, Operand, Quantity};
use crate::syntax::ast::{Atom, AtomKind, ModeCount, PhraseStmt, Stmt};
use crate::vocab::{TemplateKind, Ty};

use super::{present, Checker};

/// Where a body is: an always-on ability takes rules only; anything else takes actions too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BodyKind {
    Static,
    Effect,
}

impl BodyKind {
    fn phrase_kinds(self) -> &'static [TemplateKind] {
        match self {
            BodyKind::Static => &[TemplateKind::Rule],
            BodyKind::Effect => &[TemplateKind::Action, TemplateKind::Rule],
        }
    }
}

impl Checker<'_> {
    /// Checks statements in a new scope; `None` when any of them has an error.
    pub(super) fn block(&mut self, stmts: &[Stmt], body: BodyKind) -> Option<Vec<Effect>> {
        self.push_scope();
        let effects = self.stmts(stmts, body);
        self.pop_scope();
        effects
    }

    /// Checks statements in the current scope, so bindings flow from one to the next.
    pub(super) fn stmts(&mut self, stmts: &[Stmt], body: BodyKind) -> Option<Vec<Effect>> {
        let results: Vec<Option<Effect>> = stmts.iter().map(|s| self.stmt(s, body)).collect();
        results.into_iter().collect()
    }

    fn stmt(&mut self, stmt: &Stmt, body: BodyKind) -> Option<Effect> {
        match stmt {
            Stmt::Phrase(p) => self.phrase_stmt(p, body),
            Stmt::If { cond, then, otherwise, .. } => {
                let cond = self.condition(cond);
                let then = self.block(then, body);
                let otherwise = self.block(otherwise, body);
                Some(Effect::If { cond: cond?, then: then?, otherwise: otherwise? })
            }
            Stmt::May { player, body: inner, if_done, if_not, span } => {
                let who = self.player_word(player);
                self.effect_only(body, *span, "`may`");
                // The optional part binds into the current scope, so `if you do` can use its names.
                let inner = self.stmts(inner, body);
                let if_done = self.block(if_done, body);
                let if_not = self.block(if_not, body);
                Some(Effect::May { player: who?, body: inner?, if_done: if_done?, if_not: if_not? })
            }
            Stmt::ForEach { var, set, body: inner, .. } => {
                // Cards, or players (`for each p in players`).
                let players = Ty::Set(Box::new(Ty::Player));
                let found = [Ty::Cards, players]
                    .into_iter()
                    .find_map(|ty| Some((self.full_operand(&ty, &set.atoms, 0)?, ty.element().clone())));
                let Some((set_op, var_ty)) = found else {
                    if !self.report_unknown_words(&set.atoms) {
                        let text = self.text(set.span).to_string();
                        self.error(Diagnostic::new(Code::E0103, set.span, format!("expected cards or players to go through, found `{text}`")).label("not a set of cards or players"));
                    }
                    return None;
                };
                self.mark_operand(&set_op);
                self.push_scope();
                self.bind(&var.node, var_ty, var.span, true);
                let inner = self.stmts(inner, body);
                self.pop_scope();
                Some(Effect::ForEach { var: var.node.clone(), set: set_op, body: inner? })
            }
            Stmt::Modes { chooser, up_to, count, repeatable, modes, span } => {
                let who = self.player_word(chooser);
                self.effect_only(body, *span, "a choice of modes");
                let count = match &count.node {
                    ModeCount::Fixed(n) => {
                        if *n < 1 || (*n as usize > modes.len() && !repeatable) {
                            let diag = Diagnostic::new(Code::E0103, count.span, format!("cannot select {n} of {} modes", modes.len()))
                                .label(format!("between 1 and {}, or `repeatable`", modes.len()));
                            self.error(diag);
                        }
                        Some(Operand::Number(*n))
                    }
                    ModeCount::Computed(arith) => self.number(arith),
                };
                let bodies: Vec<Option<Vec<Effect>>> = modes.iter().map(|m| self.block(&m.body, body)).collect();
                let modes = bodies.into_iter().collect::<Option<Vec<_>>>()?;
                Some(Effect::Modes { chooser: who?, up_to: *up_to, count: count?, repeatable: *repeatable, modes })
            }
            Stmt::Let { name, value, .. } => {
                let value = self.number(value)?;
                self.bind(&name.node, Ty::Number, name.span, true);
                Some(Effect::Let { name: name.node.clone(), value })
            }
            Stmt::Delayed { trigger, duration, body: inner, span } => {
                self.effect_only(body, *span, "a delayed effect");
                self.push_scope();
                let trigger = self.trigger(trigger);
                let duration = duration.as_ref().map(|d| self.phrase(&[TemplateKind::Duration], d));
                let inner = self.stmts(inner, BodyKind::Effect);
                self.pop_scope();
                let duration = present(duration)?;
                Some(Effect::Delayed { trigger: trigger?, duration, body: inner? })
            }
        }
    }

    /// E0107 for one-shot constructs inside an always-on ability.
    fn effect_only(&mut self, body: BodyKind, span: crate::span::Span, what: &str) {
        if body == BodyKind::Static {
            let diag = Diagnostic::new(Code::E0107, span, format!("{what} cannot be part of an always-on ability"))
                .label("only rules go here")
                .help("use a triggered or activated ability for one-shot effects");
            self.error(diag);
        }
    }

    fn player_word(&mut self, word: &crate::syntax::ast::Ident) -> Option<Operand> {
        if self.vocab.is_player(&word.node) {
            return Some(Operand::Player(word.node.clone()));
        }
        if self.lookup(&word.node).is_some_and(|b| b.ty == Ty::Player) {
            self.mark_used([word.node.as_str()]);
            return Some(Operand::Binding(word.node.clone()));
        }
        let diag = self.unknown_name_diag(&word.node, word.span, "player");
        self.error(diag);
        None
    }

    fn phrase_stmt(&mut self, p: &PhraseStmt, body: BodyKind) -> Option<Effect> {
        if let Some(choose) = self.choose(p, body) {
            return choose;
        }
        // A duration without a keyword at the end of the phrase: `it gets +2/+0 this combat`.
        if p.duration.is_none() && self.try_phrase(body.phrase_kinds(), &p.phrase.atoms, p.phrase.span).is_none()
            && let Some(split) = self.trailing_duration(body, &p.phrase) {
                let (head, tail) = p.phrase.atoms.split_at(split);
                let span = |atoms: &[Atom]| atoms[0].span.to(atoms[atoms.len() - 1].span);
                let mut with_duration = p.clone();
                with_duration.phrase = crate::syntax::ast::Phrase { atoms: head.to_vec(), span: span(head) };
                with_duration.duration = Some(crate::syntax::ast::Phrase { atoms: tail.to_vec(), span: span(tail) });
                return self.phrase_stmt(&with_duration, body);
            }
        let call = if p.binding.is_some() {
            // `... as NAME` wants a phrase that gives a value: try those first.
            self.try_phrase_with_output(body.phrase_kinds(), &p.phrase).or_else(|| self.phrase(body.phrase_kinds(), &p.phrase))
        } else {
            self.phrase(body.phrase_kinds(), &p.phrase)
        };
        let for_each = p.for_each.as_ref().map(|fe| {
            let op = self.full_operand(&Ty::Cards, &fe.atoms, 0);
            if op.is_none() && !self.report_unknown_words(&fe.atoms) {
                let text = self.text(fe.span).to_string();
                self.error(Diagnostic::new(Code::E0103, fe.span, format!("`for each` needs cards to count, found `{text}`")).label("not a set of cards"));
            }
            if let Some(op) = &op {
                self.mark_operand(op);
            }
            op
        });
        let duration = p.duration.as_ref().map(|d| self.phrase(&[TemplateKind::Duration], d));
        let call = call?;
        let template = &self.vocab.templates[call.template.index()];
        if let Some(name) = &p.binding {
            match template.outputs.first() {
                Some((_, ty)) => self.bind(&name.node, ty.clone(), name.span, true),
                None => {
                    let sig = self.vocab.signature(call.template);
                    let diag = Diagnostic::new(Code::E0107, name.span, format!("`{sig}` gives no value to name"))
                        .label("nothing to bind");
                    self.error(diag);
                }
            }
        }
        Some(Effect::Do {
            call,
            for_each: present(for_each)?,
            duration: present(duration)?,
            binding: p.binding.as_ref().map(|b| b.node.clone()),
        })
    }

    /// Where a phrase splits into an action or rule and a duration template, if it does.
    fn trailing_duration(&self, body: BodyKind, phrase: &crate::syntax::ast::Phrase) -> Option<usize> {
        let atoms = &phrase.atoms;
        (1..atoms.len()).find(|&i| {
            self.try_phrase(&[TemplateKind::Duration], &atoms[i..], phrase.span).is_some()
                && self.try_phrase(body.phrase_kinds(), &atoms[..i], phrase.span).is_some()
        })
    }

    /// `[player] choose|select QUANTITY WHAT [from SET] [as NAME]`; `None` when the phrase is no choice.
    fn choose(&mut self, p: &PhraseStmt, body: BodyKind) -> Option<Option<Effect>> {
        let atoms = &p.phrase.atoms;
        let (chooser, verb_at) = match atoms.iter().map(Atom::word).take(3).collect::<Vec<_>>().as_slice() {
            [Some("choose" | "select"), ..] => (Operand::Player("you".into()), 0),
            [Some("each"), Some("player"), Some("chooses" | "selects")] => (Operand::EachPlayer, 2),
            [Some(who), Some("chooses" | "selects"), ..] if self.vocab.is_player(who) => (Operand::Player(who.to_string()), 1),
            [Some(who), Some("chooses" | "selects"), ..] if self.lookup(who).is_some_and(|b| b.ty == Ty::Player) => {
                self.mark_used([*who]);
                (Operand::Binding(who.to_string()), 1)
            }
            _ => return None,
        };
        let targets = matches!(atoms[verb_at].word(), Some("choose" | "chooses"));
        self.effect_only(body, p.span, "a choice");
        let rest = &atoms[verb_at + 1..];
        let Some((quantity, q_len)) = self.choice_quantity(rest) else {
            let diag = Diagnostic::new(Code::E0106, p.phrase.span, "a choice needs a count: `choose 1 forward`, `choose up to 2 ...`")
                .label("how many?");
            self.error(diag);
            return Some(None);
        };
        let what_atoms = &rest[q_len..];
        let what = self.choice_subject(what_atoms, p);
        let Some((what, ty)) = what else {
            // Bind the name anyway, so later statements do not also report it as unknown.
            let name = p.binding.as_ref().map_or("it", |b| b.node.as_str()).to_string();
            self.bind(&name, Ty::Cards, p.span, false);
            return Some(None);
        };
        self.mark_operand(&what);
        if let Quantity::Exactly(n) | Quantity::UpTo(n) = &quantity {
            self.mark_operand(n);
        }
        let single = matches!(&quantity, Quantity::Exactly(n) | Quantity::UpTo(n) if **n == Operand::Number(1));
        let (name, span) = match &p.binding {
            Some(b) => (b.node.clone(), b.span),
            None => ((if single { "it" } else { "them" }).to_string(), p.phrase.span),
        };
        self.bind(&name, ty, span, true);
        Some(Some(Effect::Choose { chooser, targets, quantity, what, binding: name }))
    }

    fn choice_quantity(&self, atoms: &[Atom]) -> Option<(Quantity, usize)> {
        let word = |i: usize| atoms.get(i).and_then(Atom::word);
        let count = |a: Option<&Atom>| -> Option<Operand> {
            match &a?.kind {
                AtomKind::Number(n) => Some(Operand::Number(*n)),
                AtomKind::Word { text, possessive: false } if self.lookup(text).is_some_and(|b| b.ty == Ty::Number) => {
                    Some(Operand::Binding(text.clone()))
                }
                AtomKind::Group(a) => self.arith_operand(&Ty::Number, a, 0),
                _ => None,
            }
        };
        match (word(0), word(1), word(2)) {
            (Some("up"), Some("to"), _) => Some((Quantity::UpTo(Box::new(count(atoms.get(2))?)), 3)),
            (Some("any"), Some("number"), Some("of")) => Some((Quantity::AnyNumber, 3)),
            (Some("all"), ..) => Some((Quantity::All, 1)),
            _ => Some((Quantity::Exactly(Box::new(count(atoms.first())?)), 1)),
        }
    }

    /// What is chosen: cards of a kind, or a value of an enum (`1 element from elements`).
    fn choice_subject(&mut self, atoms: &[Atom], p: &PhraseStmt) -> Option<(Operand, Ty)> {
        let span = p.phrase.span;
        if let [noun] = atoms
            && let Some((kind, filter)) = self.noun(noun) {
                self.check_satisfiable(&filter, noun.span);
                let op = Operand::Cards { quantity: Quantity::All, kind, filter };
                return Some((op, Ty::Cards));
            }
        if let Some(enum_id) = atoms.first().and_then(Atom::word).and_then(|w| self.vocab.enum_named(w.trim_end_matches('s'))) {
            let from = match (atoms.get(1).and_then(Atom::word), atoms.len()) {
                (_, 1) => None,
                (Some("from"), n) if n > 2 => {
                    let set_ty = Ty::Set(Box::new(Ty::Enum(enum_id)));
                    match self.full_operand(&set_ty, &atoms[2..], 0) {
                        Some(op) => Some(Box::new(op)),
                        None => {
                            let diag = Diagnostic::new(Code::E0103, span, format!("expected a set of {} to choose from", self.vocab.enums[enum_id.index()].name));
                            self.error(diag);
                            return None;
                        }
                    }
                }
                _ => {
                    self.error(Diagnostic::new(Code::E0106, span, "expected `from SET` after the enum to choose"));
                    return None;
                }
            };
            return Some((Operand::EnumChoice { enum_id, from }, Ty::Enum(enum_id)));
        }
        // `choose 2 organizations from organizations of unit(you control)`: values of a property.
        if let Some(property) = atoms.first().and_then(Atom::word).and_then(|w| self.vocab.property(w).or_else(|| self.vocab.property(w.strip_suffix('s')?))) {
            let elem = self.vocab.properties[property.index()].ty.element().clone();
            let from = match (atoms.get(1).and_then(Atom::word), atoms.len()) {
                (Some("from"), n) if n > 2 => self.full_operand(&Ty::List(Box::new(elem.clone())), &atoms[2..], 0),
                _ => None,
            };
            let Some(from) = from else {
                let name = &self.vocab.properties[property.index()].name;
                let diag = Diagnostic::new(Code::E0106, span, format!("choosing {name} values needs `from` and the values to choose among"))
                    .label(format!("e.g. `choose 1 {name} from {name} of card(you control)`"));
                self.error(diag);
                return None;
            };
            return Some((Operand::PropertyChoice { property, from: Box::new(from) }, Ty::List(Box::new(elem))));
        }
        if self.report_unknown_words(atoms) || self.report_bad_filters(atoms) {
            return None;
        }
        let text = self.text(span).to_string();
        let diag = Diagnostic::new(Code::E0106, span, format!("`{text}` has no legal filter to choose from"))
            .label("expected a kind of card, like `forward(cost <= 3)`, or an enum, like `element from elements`")
            .help("choose needs something that names candidates: a card kind with an optional filter");
        self.error(diag);
        None
    }
}
