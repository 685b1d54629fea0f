//! Building a game's vocabulary from its declaration items, reporting malformed declarations.

use std::collections::HashMap;

use crate::diagnostic::{suggestions, Code, Diagnostic};
use crate::syntax::ast::{Collection, Item, TemplatePart, TypeExpr};
use crate::vocab::*;

/// A declaration item and where it came from: `origin` is the caller's file index, `base` the
/// item's offset in that file.
pub struct DeclSource<'a> {
    pub origin: u32,
    pub base: u32,
    pub item: &'a Item,
}

/// A diagnostic about a declaration, with file-relative spans, tagged with its file.
pub type OriginDiagnostic = (u32, Diagnostic);

pub const BUILTIN_TYPES: [&str; 12] =
    ["number", "signed", "text", "bool", "card", "cards", "player", "zone", "keyword", "ability", "pair", "cost"];

pub fn build(game: &str, decls: &[DeclSource]) -> (Vocabulary, Vec<OriginDiagnostic>) {
    let mut b = Builder { v: Vocabulary { game: game.to_string(), ..Default::default() }, diags: vec![], seen: HashMap::new(), pending_bindings: vec![] };
    // Pass 1: names that types refer to.
    for d in decls {
        match d.item {
            Item::Enum(e) => {
                let id = EnumId(b.v.enums.len() as u32);
                if b.v.enum_named(&e.name.node).is_some() {
                    b.error(d, Diagnostic::new(Code::E0105, e.name.span, format!("enum `{}` is declared twice", e.name.node)));
                }
                for (i, variant) in e.variants.iter().enumerate() {
                    b.add_name(&variant.node, Name::Variant(id, i as u32));
                }
                let variants = e.variants.iter().map(|v| v.node.clone()).collect();
                b.v.enums.push(EnumDef { name: e.name.node.clone(), variants });
            }
            Item::Kind(k) => {
                if b.v.kind(&k.name.node).is_some() {
                    b.error(d, Diagnostic::new(Code::E0105, k.name.span, format!("kind `{}` is declared twice", k.name.node)));
                    continue;
                }
                let id = KindId(b.v.kinds.len() as u32);
                b.add_name(&k.name.node, Name::Kind(id));
                b.v.kinds.push(KindDef { name: k.name.node.clone(), supers: vec![], docs: k.docs.clone() });
            }
            _ => {}
        }
    }
    // Pass 2: everything that refers to types and kinds.
    for (decl_index, d) in decls.iter().enumerate() {
        match d.item {
            Item::Kind(k) => {
                let Some(id) = b.v.kind(&k.name.node) else { continue };
                let supers = k.supers.iter().filter_map(|s| b.kind_ref(d, s)).collect();
                if b.v.kinds[id.index()].supers.is_empty() {
                    b.v.kinds[id.index()].supers = supers;
                }
            }
            Item::Property(p) => {
                let Some(ty) = b.ty(d, &p.ty) else { continue };
                if b.v.property(&p.name.node).is_some() {
                    b.error(d, Diagnostic::new(Code::E0105, p.name.span, format!("property `{}` is declared twice", p.name.node)));
                    continue;
                }
                let id = PropId(b.v.properties.len() as u32);
                b.add_name(&p.name.node, Name::Property(id));
                b.v.properties.push(PropertyDef { name: p.name.node.clone(), ty, docs: p.docs.clone() });
            }
            Item::Keyword(k) => {
                if b.v.keyword(&k.name.node).is_some() {
                    b.error(d, Diagnostic::new(Code::E0105, k.name.span, format!("keyword `{}` is defined twice", k.name.node)));
                    continue;
                }
                let params = k.params.iter().filter_map(|p| Some((p.name.node.clone(), b.ty(d, &p.ty)?))).collect();
                let applies_to: Vec<KindId> = k.applies_to.iter().filter_map(|a| b.kind_ref(d, a)).collect();
                if k.every && !k.params.is_empty() {
                    b.error(d, Diagnostic::new(Code::E0105, k.name.span, format!("every card of its kinds has `{}` by rule, so it takes no arguments", k.name.node))
                        .label("no card says what they are")
                        .help("drop `every`, or the parameters"));
                }
                let id = KeywordId(b.v.keywords.len() as u32);
                b.add_name(&k.name.node, Name::Keyword(id));
                b.v.keywords.push(KeywordSig { name: k.name.node.clone(), params, applies_to, by_rule: k.every, docs: k.docs.clone() });
            }
            Item::Vocab(decl) => b.vocab_decl(d, decl, decl_index),
            _ => {}
        }
    }
    b.check_kind_cycles(decls);
    b.bind_implementations(decls);
    // A `kind_is` table worked out while building may predate the last super-kinds.
    b.v.ancestry = Default::default();
    (b.v, b.diags)
}

struct Builder {
    v: Vocabulary,
    diags: Vec<OriginDiagnostic>,
    /// Every name-like declaration (zone, player, symbol, ability kind) and template seen, to report repeats.
    seen: HashMap<String, ()>,
    /// (template, declaration) pairs to bind to primitives once every name is known.
    pending_bindings: Vec<(usize, usize)>,
}

impl Builder {
    fn error(&mut self, d: &DeclSource, diag: Diagnostic) {
        self.diags.push((d.origin, diag.shifted(d.base)));
    }

    fn add_name(&mut self, word: &str, name: Name) {
        self.v.names.entry(word.to_string()).or_default().push(name);
    }

    fn kind_ref(&mut self, d: &DeclSource, name: &crate::syntax::ast::Ident) -> Option<KindId> {
        let found = self.v.kind(&name.node);
        if found.is_none() {
            let known: Vec<&str> = self.v.kinds.iter().map(|k| k.name.as_str()).collect();
            let mut diag = Diagnostic::new(Code::E0100, name.span, format!("unknown kind `{}`", name.node));
            if let Some(s) = suggestions(&name.node, known).first() {
                diag = diag.help(format!("did you mean `{s}`?"));
            }
            self.error(d, diag);
        }
        found
    }

    fn ty(&mut self, d: &DeclSource, t: &TypeExpr) -> Option<Ty> {
        let base = match t.name.node.as_str() {
            "number" => Ty::Number,
            "signed" => Ty::Signed,
            "text" => Ty::Text,
            "bool" => Ty::Bool,
            "card" | "cards" => Ty::Cards,
            "player" => Ty::Player,
            "zone" => Ty::Zone,
            "keyword" => Ty::Keyword,
            "ability" => Ty::Ability,
            "pair" => Ty::Pair,
            "cost" => Ty::Cost,
            other => match self.v.enum_named(other) {
                Some(e) => Ty::Enum(e),
                None => {
                    let known: Vec<&str> = BUILTIN_TYPES.iter().copied().chain(self.v.enums.iter().map(|e| e.name.as_str())).collect();
                    let mut diag = Diagnostic::new(Code::E0100, t.name.span, format!("unknown type `{other}`"));
                    if let Some(s) = suggestions(other, known).first() {
                        diag = diag.help(format!("did you mean `{s}`?"));
                    }
                    self.error(d, diag);
                    return None;
                }
            },
        };
        Some(match t.collection {
            Some(Collection::Set) => Ty::Set(Box::new(base)),
            Some(Collection::List) => Ty::List(Box::new(base)),
            None => base,
        })
    }

    fn vocab_decl(&mut self, d: &DeclSource, decl: &crate::syntax::ast::VocabDecl, decl_index: usize) {
        let words: Vec<&str> = decl.parts.iter().filter_map(|p| match p {
            TemplatePart::Word(w) => Some(w.node.as_str()),
            _ => None,
        }).collect();
        let simple = words.len() == decl.parts.len();
        let kind = decl.kind.node.as_str();
        // The same declaration twice (in one file or two) is a mistake: the second can never be used.
        let key = format!("{kind} {}", template_key(&decl.parts));
        if self.seen.insert(key, ()).is_some() {
            let diag = Diagnostic::new(Code::E0105, decl_span(decl), format!("this {kind} is declared twice"))
                .label("already declared")
                .help("remove one of the two declarations");
            self.error(d, diag);
            return;
        }
        match kind {
            "zone" | "player" | "symbol" => {
                if !simple {
                    self.error(d, Diagnostic::new(Code::E0105, decl_span(decl), format!("a `{kind}` declaration is a name and plain words")));
                    return;
                }
                let name = words[0].trim_matches(|c| c == '{' || c == '}').to_string();
                let (list, ctor): (&mut Vec<String>, fn(u32) -> Name) = match kind {
                    "zone" => (&mut self.v.zones, Name::Zone),
                    "player" => (&mut self.v.players, Name::Player),
                    _ => (&mut self.v.symbols, Name::Symbol),
                };
                let id = list.len() as u32;
                list.push(name.clone());
                self.add_name(&name, ctor(id));
            }
            // An action the game's own code carries out, for `game(...)` to call: a name and nothing else.
            "procedure" => match words.as_slice() {
                [name] if simple => self.v.procedures.push(name.to_string()),
                _ => self.error(d, Diagnostic::new(Code::E0105, decl_span(decl), "a `procedure` declaration is one name")
                    .label("not one plain word")
                    .help("write `procedure NAME` with NAME in one word (`procedure draw_cards`), as `game(NAME, ...)` calls it")),
            },
            "ability" => {
                let class = match words.get(1).copied() {
                    Some("static") => Some(AbilityClass::Static),
                    Some("triggered") => Some(AbilityClass::Triggered),
                    Some("activated") => Some(AbilityClass::Activated),
                    Some("play") => Some(AbilityClass::Play),
                    _ => None,
                };
                match (simple && words.len() == 2, class) {
                    (true, Some(class)) => {
                        let id = AbilityKindId(self.v.ability_kinds.len() as u32);
                        self.add_name(words[0], Name::AbilityKind(id));
                        self.v.ability_kinds.push(AbilityKindDef { name: words[0].to_string(), class, docs: decl.docs.clone() });
                    }
                    _ => self.error(d, Diagnostic::new(Code::E0105, decl_span(decl), "expected `ability NAME static|triggered|activated|play`")),
                }
            }
            _ => {
                let Some(tkind) = TemplateKind::parse(kind) else { return };
                let Some(parts) = self.parts(d, &decl.parts) else { return };
                // A duration opens with its keyword (`until end of turn`); after that no reserved word may follow.
                let checked = if tkind == TemplateKind::Duration { &decl.parts[1..] } else { &decl.parts[..] };
                if let Some(w) = first_reserved_word(checked) {
                    let diag = Diagnostic::new(Code::E0105, w.span, format!("`{}` is a reserved word and cannot be part of a phrase", w.node))
                        .label("no phrase can ever match this template")
                        .help("reserved: as, until, while, during, if, else, may, let, mode, this, then, and `for each`");
                    self.error(d, diag);
                    return;
                }
                // A template needs a fixed word, unless it is one slot of a literal form that reads
                // on its own: a control check `(+3)` is a cost that is just a signed number.
                let literal_slot = matches!(parts.as_slice(), [Part::Slot { ty: Ty::Signed | Ty::Pair | Ty::Cost, .. }]);
                if !literal_slot && !parts.iter().any(|p| matches!(p, Part::Word(_))) {
                    self.error(d, Diagnostic::new(Code::E0105, decl_span(decl), "a phrase template needs at least one fixed word"));
                    return;
                }
                let outputs = decl.outputs.iter().filter_map(|s| Some((s.name.node.clone(), self.ty(d, &s.ty)?))).collect();
                // Stems, as a phrase spells them: `opponent's` is the possessive of `opponent`.
                let required_words = parts.iter().filter_map(|p| match p {
                    Part::Word(w) if !w.starts_with('{') => Some(w.trim_end_matches("'s").trim_end_matches('\'').to_string()),
                    _ => None,
                }).collect();
                collect_words(&parts, &mut self.v.template_words);
                self.v.templates.push(Template { kind: tkind, parts, outputs, docs: decl.docs.clone(), required_words, implementation: Default::default() });
                if !decl.implementation.is_empty() {
                    self.pending_bindings.push((self.v.templates.len() - 1, decl_index));
                }
            }
        }
    }

    fn parts(&mut self, d: &DeclSource, parts: &[TemplatePart]) -> Option<Vec<Part>> {
        let mut out = vec![];
        for p in parts {
            out.push(match p {
                TemplatePart::Word(w) => Part::Word(w.node.clone()),
                TemplatePart::Slot(s) => Part::Slot { name: s.name.node.clone(), ty: self.ty(d, &s.ty)? },
                TemplatePart::Optional(inner) => Part::Optional(self.parts(d, inner)?),
            });
        }
        Some(out)
    }

    /// Resolves each `= primitive(args)` against the primitive catalog, once all names are declared.
    fn bind_implementations(&mut self, decls: &[DeclSource]) {
        for (index, decl_index) in std::mem::take(&mut self.pending_bindings) {
            let d = &decls[decl_index];
            let Item::Vocab(decl) = d.item else { continue };
            let bound: Vec<Option<Bound>> = decl.implementation.iter().map(|imp| self.bind(d, index, imp)).collect();
            if let Some(all) = bound.into_iter().collect::<Option<Vec<Bound>>>() {
                self.v.templates[index].implementation = std::sync::Arc::new(all);
            }
        }
    }

    fn bind(&mut self, d: &DeclSource, index: usize, imp: &crate::syntax::ast::Implementation) -> Option<Bound> {
        use crate::syntax::ast::ImplValue;
        use crate::vocab::primitive::{ArgKind, Primitive};
        let Some(primitive) = Primitive::named(&imp.primitive.node) else {
            let names = Primitive::ALL.iter().map(|p| p.name());
            let mut diag = Diagnostic::new(Code::E0105, imp.primitive.span, format!("unknown primitive `{}`", imp.primitive.node))
                .label("not a kernel primitive");
            if let Some(s) = suggestions(&imp.primitive.node, names).first() {
                diag = diag.help(format!("did you mean `{s}`?"));
            }
            self.error(d, diag);
            return None;
        };
        let template = &self.v.templates[index];
        if !primitive.kinds().contains(&template.kind) {
            let diag = Diagnostic::new(Code::E0105, imp.primitive.span, format!("`{}` cannot implement {} {}", primitive.name(), if template.kind.noun().starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }, template.kind.noun()))
                .label("wrong kind of primitive");
            self.error(d, diag);
            return None;
        }
        let slots: Vec<(String, Ty)> = slot_list(&template.parts);
        let params = primitive.params();
        let mut args: Vec<BoundArg> = vec![BoundArg::Absent; params.len()];
        let mut next_positional = 0;
        let mut ok = true;
        for arg in &imp.args {
            let position = match &arg.name {
                Some(name) => params.iter().position(|p| p.name == name.node),
                None => {
                    let p = (next_positional < params.len()).then_some(next_positional);
                    next_positional += 1;
                    p
                }
            };
            let Some(position) = position else {
                let expected: Vec<&str> = params.iter().map(|p| p.name).collect();
                self.error(d, Diagnostic::new(Code::E0105, arg.value.span, format!("`{}` takes no such argument", primitive.name()))
                    .label("extra argument")
                    .help(format!("its parameters: {}", expected.join(", "))));
                ok = false;
                continue;
            };
            let param = params[position];
            let bound = match &arg.value.node {
                ImplValue::Word(w) => match slots.iter().position(|(name, _)| name == w) {
                    Some(slot) => {
                        let ty = &slots[slot].1;
                        let fits = match param.kind {
                            ArgKind::Cards => *ty == Ty::Cards,
                            ArgKind::Player => *ty == Ty::Player,
                            ArgKind::Zone => *ty == Ty::Zone,
                            ArgKind::Number => matches!(ty, Ty::Number | Ty::Signed),
                            ArgKind::Ability => matches!(ty, Ty::Ability | Ty::Keyword) || matches!(ty, Ty::List(t) | Ty::Set(t) if matches!(**t, Ty::Ability | Ty::Keyword)),
                            // An enum slot whose values are property names (`speed`, `damage`).
                            ArgKind::Property => matches!(ty, Ty::Enum(e) if self.v.enums[e.index()].variants.iter().all(|v| self.v.property(v).is_some())),
                            ArgKind::Word | ArgKind::Choice(_) | ArgKind::Procedure => matches!(ty, Ty::Enum(_) | Ty::Text),
                            ArgKind::Value => true,
                        };
                        if !fits {
                            self.error(d, Diagnostic::new(Code::E0105, arg.value.span, format!("slot `{w}` is {}, but `{}` of `{}` needs {:?}", self.v.type_name(ty), param.name, primitive.name(), param.kind).to_lowercase())
                                .label("wrong type"));
                            ok = false;
                        }
                        BoundArg::Slot(slot)
                    }
                    None => {
                        let known = match param.kind {
                            ArgKind::Zone => self.v.is_zone(w),
                            ArgKind::Player => self.v.is_player(w),
                            ArgKind::Property => self.v.property(w).is_some(),
                            ArgKind::Word | ArgKind::Value => true,
                            ArgKind::Choice(options) => options.contains(&w.as_str()),
                            ArgKind::Procedure => self.v.is_procedure(w),
                            ArgKind::Cards | ArgKind::Number | ArgKind::Ability => false,
                        };
                        if !known {
                            let expected = match param.kind {
                                ArgKind::Choice(options) => format!("one of: {}", options.join(", ")),
                                ArgKind::Procedure => format!("a procedure the game `{}` declares (`procedure NAME` in std-abilities/{}/)", self.v.game, self.v.game),
                                kind => format!("{kind:?}").to_lowercase(),
                            };
                            let mut diag = Diagnostic::new(Code::E0105, arg.value.span, format!("`{w}` is not a slot of this phrase, and `{}` of `{}` needs {expected}", param.name, primitive.name()))
                                .label("not accepted here");
                            let close = match param.kind {
                                ArgKind::Choice(options) => suggestions(w, options.iter().copied()),
                                ArgKind::Procedure => suggestions(w, self.v.procedures.iter().map(String::as_str)),
                                _ => vec![],
                            };
                            if let Some(s) = close.first() {
                                diag = diag.help(format!("did you mean `{s}`?"));
                            }
                            self.error(d, diag);
                            ok = false;
                        }
                        BoundArg::Word(w.clone())
                    }
                },
                ImplValue::Negated(w) => match slots.iter().position(|(name, ty)| name == w && matches!(ty, Ty::Number | Ty::Signed)) {
                    Some(slot) if param.kind == ArgKind::Number => BoundArg::Negated(slot),
                    _ => {
                        self.error(d, Diagnostic::new(Code::E0105, arg.value.span, format!("`-{w}` must negate a number slot of this phrase"))
                            .label("not a number slot"));
                        ok = false;
                        BoundArg::Absent
                    }
                },
                ImplValue::Number(n) => BoundArg::Number(*n),
                ImplValue::Text(t) => BoundArg::Text(t.clone()),
            };
            args[position] = bound;
        }
        for (param, arg) in params.iter().zip(&args) {
            if !param.optional && *arg == BoundArg::Absent {
                self.error(d, Diagnostic::new(Code::E0105, imp.span, format!("`{}` needs its `{}` argument", primitive.name(), param.name)).label("missing argument"));
                ok = false;
            }
        }
        ok.then_some(Bound { primitive, args })
    }

    fn check_kind_cycles(&mut self, decls: &[DeclSource]) {
        let spans: HashMap<&str, (&DeclSource, crate::span::Span)> = decls
            .iter()
            .filter_map(|d| match d.item {
                Item::Kind(k) => Some((k.name.node.as_str(), (d, k.name.span))),
                _ => None,
            })
            .collect();
        for i in 0..self.v.kinds.len() {
            let id = KindId(i as u32);
            let cyclic = self.v.kinds[i].supers.iter().any(|&s| self.v.kind_is(s, id));
            if cyclic {
                let name = self.v.kinds[i].name.clone();
                if let Some((d, span)) = spans.get(name.as_str()) {
                    let diag = Diagnostic::new(Code::E0105, *span, format!("kind `{name}` is its own supertype"));
                    self.diags.push((d.origin, diag.shifted(d.base)));
                }
                self.v.kinds[i].supers.clear();
            }
        }
    }
}

/// A declaration without its doc comment: from its kind word to its end.
fn decl_span(decl: &crate::syntax::ast::VocabDecl) -> crate::span::Span {
    crate::span::Span { start: decl.kind.span.start, end: decl.span.end }
}

/// A declaration's parts as text, slot names left out: `deal (number) damage to (cards)`.
fn template_key(parts: &[TemplatePart]) -> String {
    parts
        .iter()
        .map(|p| match p {
            TemplatePart::Word(w) => w.node.clone(),
            TemplatePart::Slot(s) => format!("({:?} {})", s.ty.collection, s.ty.name.node),
            TemplatePart::Optional(inner) => format!("[{}]", template_key(inner)),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Words that end a phrase in the grammar, so a template holding one could never match.
const RESERVED: [&str; 11] = ["as", "until", "while", "during", "if", "else", "may", "let", "mode", "then", "each"];

fn first_reserved_word(parts: &[TemplatePart]) -> Option<&crate::syntax::ast::Ident> {
    let mut prev_for = false;
    for p in parts {
        match p {
            TemplatePart::Word(w) => {
                let reserved = RESERVED.contains(&w.node.as_str()) && (w.node != "each" || prev_for);
                if reserved {
                    return Some(w);
                }
                prev_for = w.node == "for";
            }
            TemplatePart::Optional(inner) => {
                if let Some(w) = first_reserved_word(inner) {
                    return Some(w);
                }
                prev_for = false;
            }
            TemplatePart::Slot(_) => prev_for = false,
        }
    }
    None
}

/// The slots of a template in `Call::args` order, with their names and types.
fn slot_list(parts: &[Part]) -> Vec<(String, Ty)> {
    let mut out = vec![];
    for p in parts {
        match p {
            Part::Slot { name, ty } => out.push((name.clone(), ty.clone())),
            Part::Optional(inner) => out.extend(slot_list(inner)),
            Part::Word(_) => {}
        }
    }
    out
}

fn collect_words(parts: &[Part], into: &mut std::collections::BTreeSet<String>) {
    for p in parts {
        match p {
            Part::Word(w) => {
                into.insert(w.clone());
            }
            Part::Optional(inner) => collect_words(inner, into),
            Part::Slot { .. } => {}
        }
    }
}
