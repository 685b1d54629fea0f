//! Abilities: kind, tags, trigger, costs and body, checked against the kind's class.

use crate::diagnostic::{Code, Diagnostic};
use crate::ir::{AbilityIr, CostIr, TriggerIr};
use crate::syntax::ast::{Ability, AtomKind, Phrase, Trigger, TriggerWord};
use crate::vocab::{AbilityClass, TemplateKind, Ty};

use super::stmt::BodyKind;
use super::{present, Checker};

impl Checker<'_> {
    pub(super) fn ability(&mut self, a: &Ability) -> Option<AbilityIr> {
        let Some(kind) = self.vocab.ability_kind(&a.kind.node) else {
            let mut diag = self.unknown_name_diag(&a.kind.node, a.kind.span, "ability kind");
            if diag.code == Code::E0100 {
                let kinds: Vec<&str> = self.vocab.ability_kinds.iter().map(|k| k.name.as_str()).collect();
                diag = diag.help(format!("the ability kinds of {} are: {}", self.vocab.game, kinds.join(", ")));
            }
            self.error(diag);
            return None;
        };
        let class = self.vocab.ability_kinds[kind.index()].class;
        self.push_scope();
        let tags: Vec<_> = a.tags.iter().map(|t| self.phrase(&[TemplateKind::Tag], t)).collect();
        let trigger = self.ability_trigger(a, class);
        let costs = self.costs(a, class);
        let condition = a.condition.as_ref().map(|c| self.condition(c));
        let body_kind = match (class, &a.trigger) {
            (AbilityClass::Static, None) => BodyKind::Static,
            _ => BodyKind::Effect,
        };
        let body = self.stmts(&a.body, body_kind);
        if a.body.is_empty() {
            self.error(Diagnostic::new(Code::E0107, a.span, "an ability needs an effect after `:`").label("empty ability"));
        }
        self.pop_scope();
        Some(AbilityIr {
            kind,
            name: a.name.as_ref().map(|n| n.node.clone()),
            tags: tags.into_iter().collect::<Option<_>>()?,
            trigger: trigger?,
            costs: costs?,
            condition: present(condition)?,
            body: std::sync::Arc::new(body?),
            span: a.span,
        })
    }

    /// A triggered ability needs a trigger; an always-on one may only replace (`instead of`).
    fn ability_trigger(&mut self, a: &Ability, class: AbilityClass) -> Option<Option<TriggerIr>> {
        let kind_name = &a.kind.node;
        match (&a.trigger, class) {
            (None, AbilityClass::Triggered) => {
                let diag = Diagnostic::new(Code::E0107, a.kind.span, format!("`{kind_name}` abilities need a trigger"))
                    .label("when does it trigger?")
                    .help(format!("write `{kind_name} when ... :`"));
                self.error(diag);
                None
            }
            (None, _) => Some(None),
            (Some(t), AbilityClass::Triggered) => Some(Some(self.trigger(t)?)),
            (Some(t), AbilityClass::Static) if t.word.node == TriggerWord::InsteadOf => Some(Some(self.trigger(t)?)),
            (Some(t), _) => {
                let diag = Diagnostic::new(Code::E0107, t.word.span, format!("`{kind_name}` abilities have no trigger"))
                    .label("not allowed here")
                    .help("triggers belong to triggered ability kinds; replacements (`instead of`) to always-on ones");
                self.error(diag);
                None
            }
        }
    }

    /// Resolves a trigger's event and binds the values the event provides.
    pub(super) fn trigger(&mut self, t: &Trigger) -> Option<TriggerIr> {
        // A condition instead of an event makes a state trigger: "when you control 3 or more ..."
        // (FF 11.8.18, Trails 1211.9).
        if self.try_phrase(&[TemplateKind::Event], &t.phrase.atoms, t.phrase.span).is_none()
            && let Some(condition) = self.try_phrase(&[TemplateKind::Predicate], &t.phrase.atoms, t.phrase.span) {
                let condition = self.phrase(&[TemplateKind::Predicate], &t.phrase).unwrap_or(condition);
                return Some(TriggerIr { word: t.word.node, event: condition, state: true });
            }
        let event = self.phrase(&[TemplateKind::Event], &t.phrase)?;
        let template = &self.vocab.templates[event.template.index()];
        for (name, ty) in template.outputs.clone() {
            self.bind(&name, ty, t.phrase.span, false);
        }
        // "Whenever a Forward you control attacks, it gains ...": `it` is the card the event is about.
        let first_cards_slot = crate::vocab::slots(&template.parts).position(|ty| *ty == Ty::Cards);
        if let Some(i) = first_cards_slot
            && !matches!(event.args.get(i), Some(crate::ir::Operand::This | crate::ir::Operand::Absent) | None) && self.lookup("it").is_none() {
                self.bind("it", Ty::Cards, t.phrase.span, false);
            }
        Some(TriggerIr { word: t.word.node, event, state: false })
    }

    fn costs(&mut self, a: &Ability, class: AbilityClass) -> Option<Vec<CostIr>> {
        if a.costs.is_empty() {
            return Some(vec![]);
        }
        if matches!(class, AbilityClass::Static | AbilityClass::Play) {
            let span = a.costs[0].span.to(a.costs[a.costs.len() - 1].span);
            let diag = Diagnostic::new(Code::E0107, span, format!("`{}` abilities have no cost", a.kind.node)).label("not allowed here");
            self.error(diag);
            return None;
        }
        let costs: Vec<Option<CostIr>> = a.costs.iter().map(|c| self.cost(c)).collect();
        costs.into_iter().collect()
    }

    fn cost(&mut self, c: &Phrase) -> Option<CostIr> {
        if let [atom] = c.atoms.as_slice()
            && let AtomKind::Symbols(symbols) = &atom.kind {
                let mut ok = true;
                for s in symbols {
                    if !self.symbol_ok(&s.node) {
                        let diag = self.unknown_name_diag(&s.node, s.span, "symbol");
                        self.error(diag);
                        ok = false;
                    }
                    if s.node == "x" && self.lookup("X").is_none() {
                        self.bind("X", Ty::Number, s.span, false);
                    }
                }
                return ok.then(|| CostIr::Symbols(symbols.iter().map(|s| s.node.clone()).collect()));
            }
        // A cost that names X binds it as an {x} cost does: no method determines it, so the player
        // chooses it when the ability is played (Trails 1305.2a, 1204.2c) — `art "Name" pay X ep:`.
        if self.lookup("X").is_none()
            && let Some(x) = c.atoms.iter().find(|a| matches!(&a.kind, AtomKind::Word { text, .. } if text == "X"))
        {
            self.bind("X", Ty::Number, x.span, false);
        }
        self.phrase(&[TemplateKind::Cost, TemplateKind::Action], c).map(CostIr::Phrase)
    }
}
