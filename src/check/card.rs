//! Cards and keyword definitions: characteristics, keyword uses and abilities.

use crate::diagnostic::{Code, Diagnostic};
use crate::ir::{CardIr, KeywordIr, KeywordUse, Operand};
use crate::syntax::ast::{Atom, AtomKind, CardItem, KeywordItem, Phrase};
use crate::vocab::{KeywordId, KindId, Name, PropId, Ty};

use super::Checker;

/// What a card's characteristic lines say.
#[derive(Default)]
struct Characteristics {
    kinds: Vec<KindId>,
    properties: Vec<(PropId, Operand)>,
    keywords: Vec<KeywordUse>,
}

impl Checker<'_> {
    pub(super) fn card(&mut self, card: &CardItem) -> Option<CardIr> {
        let chars = self.characteristics(&card.attrs);
        if chars.kinds.is_empty() {
            let diag = Diagnostic::new(Code::E0108, card.name.span, format!("card `{}` has no card type", card.name.node))
                .label("what kind of card is it?")
                .help(format!("start the card with its type, one of: {}", self.kind_names()));
            self.error(diag);
        }
        self.check_keyword_targets(&chars);
        let mut keywords = chars.keywords;
        self.add_keywords_by_rule(&chars.kinds, card.name.span, &mut keywords);
        let abilities: Vec<_> = card.abilities.iter().map(|a| self.ability(a)).collect();
        // The header's name and code are the card's `name` and `number` characteristics, where
        // the game declares them (FF 5.2.1, Trails 201) — so filters like `card(name "Squall")` match.
        let mut properties = chars.properties;
        let header = [("name", Some(card.name.node.clone())), ("number", card.code.as_ref().map(|c| c.node.clone()))];
        for (word, value) in header {
            if let (Some(prop), Some(value)) = (self.vocab.property(word), value)
                && self.vocab.properties[prop.index()].ty == Ty::Text
                && !properties.iter().any(|(p, _)| *p == prop)
            {
                properties.push((prop, Operand::Text(value)));
            }
        }
        Some(CardIr {
            name: card.name.node.clone(),
            code: card.code.as_ref().map(|c| c.node.clone()),
            kinds: chars.kinds,
            properties,
            keywords,
            abilities: abilities.into_iter().collect::<Option<_>>()?,
        })
    }

    pub(super) fn keyword(&mut self, kw: &KeywordItem) -> Option<KeywordIr> {
        let id = self.vocab.keyword(&kw.name.node)?;
        self.push_scope();
        for (name, ty) in self.vocab.keywords[id.index()].params.clone() {
            let span = kw.params.iter().find(|p| p.name.node == name).map_or(kw.name.span, |p| p.name.span);
            self.bind(&name, ty, span, true);
        }
        let chars = self.characteristics(&kw.attrs);
        let abilities: Vec<_> = kw.abilities.iter().map(|a| self.ability(a)).collect();
        self.pop_scope();
        Some(KeywordIr { keyword: id, abilities: abilities.into_iter().collect::<Option<_>>()?, keywords: chars.keywords })
    }

    fn kind_names(&self) -> String {
        self.vocab.kinds.iter().map(|k| k.name.as_str()).collect::<Vec<_>>().join(", ")
    }

    /// Reads characteristic lines: kinds, enum values (`fire`), `property value`, flags and keywords.
    fn characteristics(&mut self, attrs: &[Phrase]) -> Characteristics {
        let mut out = Characteristics::default();
        // The list property a bare string after a comma continues (`category "DFF", "X"`).
        let mut open_list: Option<PropId> = None;
        for attr in attrs {
            let atoms = &attr.atoms;
            let mut start = 0;
            if let (Some(prop), Some(Atom { kind: AtomKind::Str(s), .. })) = (open_list, atoms.first()) {
                // `category "DFF", "X"`: a string after a comma continues the list.
                push_list_value(&mut out.properties, prop, Operand::Text(s.clone()));
                start = 1;
            } else if let (Some(prop), Some(word)) = (open_list, atoms.first().and_then(|a| a.word())) {
                // `equip forward, backup`: a value of the list's enum after a comma continues it.
                if let Ty::Enum(e) = self.vocab.properties[prop.index()].ty.element().clone()
                    && let Some(v) = self.vocab.variant(word, e)
                {
                    push_list_value(&mut out.properties, prop, Operand::Variant(e, v));
                    start = 1;
                }
            }
            let atoms = &atoms[start..];
            if atoms.is_empty() {
                continue;
            }
            open_list = None;
            if let Some(kind) = atoms.first().and_then(|a| a.word()).filter(|w| self.vocab.ability_kind(w).is_some() && self.vocab.kind(w).is_none()) {
                let diag = Diagnostic::new(Code::E0002, attr.span, format!("this `{kind}` ability has no `:`"))
                    .label("an ability header ends with `:`")
                    .help(format!("write `{}:` and put the effect after the colon", self.text(attr.span).trim_end()));
                self.error(diag);
                break; // the lines after it are probably its effect, not characteristics
            }
            let mut i = 0;
            while i < atoms.len() {
                let errors_before = self.diags.len();
                let consumed = self.characteristic(&atoms[i..], &mut out, &mut open_list);
                if self.diags.len() > errors_before {
                    break; // one problem per line: the rest of the line is probably the same mistake
                }
                i += consumed.max(1);
            }
        }
        out
    }

    /// Reads one characteristic at the start of `atoms`; returns how many atoms it used.
    fn characteristic(&mut self, atoms: &[Atom], out: &mut Characteristics, open_list: &mut Option<PropId>) -> usize {
        let atom = &atoms[0];
        if let Some(Operand::Keyword { keyword, mut args }) = self.keyword_operand(atom) {
            self.check_keyword_ability_args(atom, &mut args);
            out.keywords.push(KeywordUse { keyword, args, span: atom.span });
            return 1;
        }
        if let AtomKind::Call { name, args } = &atom.kind
            && let Some(id) = self.vocab.keyword(&name.node) {
                let sig = &self.vocab.keywords[id.index()];
                let expected: Vec<String> = sig.params.iter().map(|(n, t)| format!("{n}: {}", self.vocab.type_name(t))).collect();
                let diag = Diagnostic::new(Code::E0104, atom.span, format!("wrong arguments for keyword `{}`", name.node))
                    .label(format!("{} given", args.len()))
                    .help(if expected.is_empty() {
                        format!("`{}` takes no arguments: write `{}`", name.node, name.node)
                    } else {
                        format!("`{}` takes ({})", name.node, expected.join(", "))
                    });
                self.error(diag);
                return 1;
            }
        let Some(word) = atom.word() else {
            let text = self.text(atom.span).to_string();
            self.error(Diagnostic::new(Code::E0108, atom.span, format!("`{text}` is not a characteristic")).label("expected a card type, a property or a keyword"));
            return 1;
        };
        let names = self.vocab.lookup(word).to_vec();
        if let Some(kind) = names.iter().find_map(|n| if let Name::Kind(k) = n { Some(*k) } else { None }) {
            out.kinds.push(kind);
            return 1;
        }
        if let Some(prop) = self.vocab.property(word) {
            return self.property_value(prop, atoms, out, open_list);
        }
        // A bare enum value (`fire`) sets the property whose type holds that enum.
        for name in &names {
            if let Name::Variant(e, v) = name {
                let holder = self.vocab.properties.iter().position(|p| p.ty.element() == &Ty::Enum(*e));
                if let Some(p) = holder {
                    let prop = PropId(p as u32);
                    let value = Operand::Variant(*e, *v);
                    if matches!(self.vocab.properties[p].ty, Ty::Set(_) | Ty::List(_)) {
                        push_list_value(&mut out.properties, prop, value);
                    } else {
                        self.set_property(out, prop, value, atom.span);
                    }
                    return 1;
                }
            }
        }
        let diag = self.unknown_name_diag(word, atom.span, "characteristic");
        self.error(diag);
        1
    }

    fn property_value(&mut self, prop: PropId, atoms: &[Atom], out: &mut Characteristics, open_list: &mut Option<PropId>) -> usize {
        let ty = self.vocab.properties[prop.index()].ty.clone();
        if ty == Ty::Bool {
            self.set_property(out, prop, Operand::Number(1), atoms[0].span);
            return 1;
        }
        let elem = ty.element().clone();
        let value = atoms.get(1).and_then(|a| self.full_operand(&elem, std::slice::from_ref(a), 0));
        let Some(value) = value else {
            let name = &self.vocab.properties[prop.index()].name;
            let expected = self.vocab.type_name(&elem);
            let diag = Diagnostic::new(Code::E0103, atoms[0].span.to(atoms.get(1).map_or(atoms[0].span, |a| a.span)), format!("`{name}` needs a value of type {expected}"))
                .label(format!("expected `{name} <{expected}>`"));
            self.error(diag);
            return atoms.len().min(2);
        };
        if matches!(ty, Ty::Set(_) | Ty::List(_)) {
            push_list_value(&mut out.properties, prop, value);
            *open_list = Some(prop);
        } else {
            self.set_property(out, prop, value, atoms[0].span);
        }
        2
    }

    fn set_property(&mut self, out: &mut Characteristics, prop: PropId, value: Operand, span: crate::span::Span) {
        if out.properties.iter().any(|(p, _)| *p == prop) {
            let name = &self.vocab.properties[prop.index()].name;
            self.error(Diagnostic::new(Code::E0108, span, format!("`{name}` is given twice")).label("second value"));
            return;
        }
        out.properties.push((prop, value));
    }

    /// Checks the `ability { ... }` literals passed to a keyword (`BlueMagic([water], 1, ability { ... })`).
    fn check_keyword_ability_args(&mut self, atom: &Atom, args: &mut [Operand]) {
        let AtomKind::Call { args: arg_conds, .. } = &atom.kind else { return };
        for (arg, cond) in args.iter_mut().zip(arg_conds) {
            let crate::syntax::ast::Cond::Plain(arith) = cond else { continue };
            if let (Operand::Abilities(slot), [Atom { kind: AtomKind::Abilities(list), .. }]) = (arg, arith.first.atoms.as_slice()) {
                *slot = list.iter().filter_map(|a| self.ability(a)).collect();
            }
        }
    }

    /// The keywords every card of its kinds has by rule (`keyword Overkill for every unit`, Trails
    /// 804.11a-3), unless the card prints them; they are the card's, as if printed, at its name.
    fn add_keywords_by_rule(&self, kinds: &[KindId], at: crate::span::Span, keywords: &mut Vec<KeywordUse>) {
        for (i, sig) in self.vocab.keywords.iter().enumerate() {
            let keyword = KeywordId(i as u32);
            if sig.by_rule && !keywords.iter().any(|k| k.keyword == keyword) && kinds.iter().any(|&kind| sig.applies_to.iter().any(|&t| self.vocab.kind_is(kind, t))) {
                keywords.push(KeywordUse { keyword, args: vec![], span: at });
            }
        }
    }

    /// E0104: a keyword defined `for forward` used on a card that is no forward.
    fn check_keyword_targets(&mut self, chars: &Characteristics) {
        for k in &chars.keywords {
            let sig = &self.vocab.keywords[k.keyword.index()];
            if sig.applies_to.is_empty() || chars.kinds.is_empty() {
                continue;
            }
            if chars.kinds.iter().any(|&kind| sig.applies_to.iter().any(|&t| self.vocab.kind_is(kind, t))) {
                continue;
            }
            let names: Vec<&str> = sig.applies_to.iter().map(|t| self.vocab.kinds[t.index()].name.as_str()).collect();
            let target_name = names.join(" or ");
            let diag = Diagnostic::new(Code::E0104, k.span, format!("`{}` is a keyword for {target_name} cards", sig.name))
                .label(format!("this card is no {target_name}"));
            self.error(diag);
        }
    }
}

fn push_list_value(props: &mut Vec<(PropId, Operand)>, prop: PropId, value: Operand) {
    match props.iter_mut().find(|(p, _)| *p == prop) {
        Some((_, Operand::List(items))) => items.push(value),
        _ => props.push((prop, Operand::List(vec![value]))),
    }
}
