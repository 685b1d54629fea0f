//! Lowering pest pairs to the plain-data AST.

use pest::iterators::Pair;

use crate::diagnostic::{Code, Diagnostic};
use crate::span::Span;
use crate::syntax::ast::*;
use crate::syntax::parser::Rule;

type P<'a> = Pair<'a, Rule>;
type R<T> = Result<T, Diagnostic>;

fn span(p: &P) -> Span {
    Span::new(p.as_span().start(), p.as_span().end())
}

fn ident(p: P) -> Ident {
    Spanned::new(p.as_str().to_string(), span(&p))
}

fn string(p: P) -> Spanned<String> {
    let s = span(&p);
    let inner = p.into_inner().next().map_or("", |i| i.as_str());
    Spanned::new(unescape(inner), s)
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn number(p: &P) -> R<i64> {
    p.as_str()
        .parse()
        .map_err(|_| Diagnostic::new(Code::E0002, span(p), "number too large").label("at most 9223372036854775807"))
}

fn docs(p: P) -> Vec<String> {
    p.into_inner().map(|d| d.as_str().trim_start_matches("///").trim().to_string()).collect()
}

pub fn item(p: P) -> R<Item> {
    let s = span(&p);
    Ok(match p.as_rule() {
        Rule::game_decl => {
            let mut it = p.into_inner();
            it.next(); // docs
            Item::Game(ident(it.next().unwrap()))
        }
        Rule::card_item => Item::Card(card(p)?),
        Rule::keyword_item => Item::Keyword(keyword(p)?),
        Rule::enum_decl => {
            let mut it = p.into_inner();
            let docs = docs(it.next().unwrap());
            let name = ident(it.next().unwrap());
            Item::Enum(EnumDecl { docs, name, variants: it.map(ident).collect(), span: s })
        }
        Rule::kind_decl => {
            let mut it = p.into_inner();
            let docs = docs(it.next().unwrap());
            let name = ident(it.next().unwrap());
            Item::Kind(KindDecl { docs, name, supers: it.map(ident).collect(), span: s })
        }
        Rule::property_decl => {
            let mut it = p.into_inner();
            let docs = docs(it.next().unwrap());
            let name = ident(it.next().unwrap());
            Item::Property(PropertyDecl { docs, name, ty: type_expr(it.next().unwrap()), span: s })
        }
        Rule::vocab_decl => Item::Vocab(vocab(p)),
        r => unreachable!("not an item: {r:?}"),
    })
}

fn card(p: P) -> R<CardItem> {
    let s = span(&p);
    let mut card = CardItem { docs: vec![], name: Spanned::new(String::new(), s), code: None, attrs: vec![], abilities: vec![], span: s };
    for part in p.into_inner() {
        match part.as_rule() {
            Rule::docs => card.docs = docs(part),
            Rule::string => card.name = string(part),
            Rule::card_code => card.code = Some(ident(part)),
            Rule::attr_line => card.attrs.extend(attr_line(part)?),
            Rule::ability => card.abilities.push(ability(part)?),
            r => unreachable!("card: {r:?}"),
        }
    }
    Ok(card)
}

fn keyword(p: P) -> R<KeywordItem> {
    let s = span(&p);
    let mut it = p.into_inner();
    let docs = docs(it.next().unwrap());
    let name = ident(it.next().unwrap());
    let mut kw = KeywordItem { docs, name, params: vec![], applies_to: vec![], every: false, attrs: vec![], abilities: vec![], span: s };
    for part in it {
        match part.as_rule() {
            Rule::params => {
                for param in part.into_inner() {
                    let mut pi = param.into_inner();
                    let name = ident(pi.next().unwrap());
                    kw.params.push(Param { name, ty: type_expr(pi.next().unwrap()) });
                }
            }
            Rule::ident => kw.applies_to.push(ident(part)),
            Rule::every => kw.every = true,
            Rule::attr_line => kw.attrs.extend(attr_line(part)?),
            Rule::ability => kw.abilities.push(ability(part)?),
            r => unreachable!("keyword: {r:?}"),
        }
    }
    Ok(kw)
}

fn attr_line(p: P) -> R<Vec<Phrase>> {
    p.into_inner().map(|a| atoms(a.into_inner().next().unwrap())).collect()
}

fn type_expr(p: P) -> TypeExpr {
    let s = span(&p);
    let text = p.as_str();
    let collection = if text.starts_with("set") && text.contains(" of") {
        Some(Collection::Set)
    } else if text.starts_with("list") && text.contains(" of") {
        Some(Collection::List)
    } else {
        None
    };
    TypeExpr { collection, name: ident(p.into_inner().next().unwrap()), span: s }
}

fn vocab(p: P) -> VocabDecl {
    let s = span(&p);
    let mut it = p.into_inner();
    let docs = docs(it.next().unwrap());
    let kind = ident(it.next().unwrap());
    let parts = template_parts(it.next().unwrap());
    let mut outputs = vec![];
    let mut implementation = vec![];
    for part in it {
        match part.as_rule() {
            Rule::outputs => outputs = part.into_inner().map(slot).collect(),
            Rule::implementation => implementation = part.into_inner().map(implementation_of).collect(),
            r => unreachable!("vocab decl: {r:?}"),
        }
    }
    VocabDecl { docs, kind, parts, outputs, implementation, span: s }
}

fn implementation_of(p: P) -> Implementation {
    let s = span(&p);
    let mut it = p.into_inner();
    let primitive = ident(it.next().unwrap());
    let args = it
        .map(|arg| {
            let mut ai = arg.into_inner().collect::<Vec<_>>();
            let value_pair = ai.pop().unwrap();
            let name = ai.pop().map(ident);
            let vs = span(&value_pair);
            let value = match value_pair.as_rule() {
                Rule::neg_slot => ImplValue::Negated(value_pair.as_str().trim_start_matches('-').to_string()),
                Rule::number | Rule::signed => match value_pair.as_str().parse() {
                    Ok(n) => ImplValue::Number(n),
                    Err(_) => ImplValue::Word(value_pair.as_str().to_string()),
                },
                Rule::string => ImplValue::Text(string(value_pair).node),
                _ => ImplValue::Word(value_pair.as_str().to_string()),
            };
            ImplArg { name, value: Spanned::new(value, vs) }
        })
        .collect();
    Implementation { primitive, args, span: s }
}

fn template_parts(p: P) -> Vec<TemplatePart> {
    p.into_inner()
        .map(|part| match part.as_rule() {
            Rule::tword => TemplatePart::Word(ident(part)),
            Rule::slot => TemplatePart::Slot(slot(part)),
            Rule::opt_part => TemplatePart::Optional(template_parts(part)),
            r => unreachable!("template: {r:?}"),
        })
        .collect()
}

fn slot(p: P) -> SlotDecl {
    let mut it = p.into_inner();
    let name = ident(it.next().unwrap());
    SlotDecl { name, ty: type_expr(it.next().unwrap()) }
}

fn ability(p: P) -> R<Ability> {
    let s = span(&p);
    let mut it = p.into_inner();
    let docs = docs(it.next().unwrap());
    let head = it.next().unwrap();
    let body_pair = it.next().unwrap();
    let mut hi = head.into_inner();
    let kind = ident(hi.next().unwrap());
    let mut ab = Ability { docs, kind, tags: vec![], name: None, trigger: None, costs: vec![], condition: None, body: vec![], span: s };
    for part in hi {
        match part.as_rule() {
            Rule::tags => {
                for tag in part.into_inner() {
                    let ts = span(&tag);
                    let atoms = tag.into_inner().map(atom).collect::<R<_>>()?;
                    ab.tags.push(Phrase { atoms, span: ts });
                }
            }
            Rule::string => ab.name = Some(string(part)),
            Rule::trigger => ab.trigger = Some(trigger(part)?),
            Rule::costs => ab.costs = part.into_inner().map(|c| atoms(c.into_inner().next().unwrap())).collect::<R<_>>()?,
            Rule::only_if => ab.condition = Some(cond(part.into_inner().nth(1).unwrap())?),
            r => unreachable!("ability head: {r:?}"),
        }
    }
    ab.body = stmts(body_pair)?;
    Ok(ab)
}

fn trigger(p: P) -> R<Trigger> {
    let mut it = p.into_inner();
    let w = it.next().unwrap();
    let word = match w.as_str() {
        "when" => TriggerWord::When,
        "whenever" => TriggerWord::Whenever,
        "at" => TriggerWord::At,
        "after" => TriggerWord::After,
        "before" => TriggerWord::Before,
        _ => TriggerWord::InsteadOf,
    };
    Ok(Trigger { word: Spanned::new(word, span(&w)), phrase: atoms(it.next().unwrap())? })
}

fn stmts(p: P) -> R<Vec<Stmt>> {
    p.into_inner().map(stmt).collect()
}

fn stmt(p: P) -> R<Stmt> {
    let s = span(&p);
    Ok(match p.as_rule() {
        Rule::if_stmt => {
            let mut it = p.into_inner();
            let cond = cond(it.next().unwrap())?;
            let then_pair = it.next().unwrap();
            let then = match then_pair.as_rule() {
                Rule::block => stmts(then_pair)?,
                _ => vec![stmt(then_pair)?],
            };
            let otherwise = match it.next() {
                Some(else_part) => {
                    let inner = else_part.into_inner().next().unwrap();
                    match inner.as_rule() {
                        Rule::block => stmts(inner)?,
                        _ => vec![stmt(inner)?],
                    }
                }
                None => vec![],
            };
            Stmt::If { cond, then, otherwise, span: s }
        }
        Rule::for_stmt => {
            let mut it = p.into_inner();
            let var = ident(it.next().unwrap());
            let set = atoms(it.next().unwrap())?;
            Stmt::ForEach { var, set, body: stmts(it.next().unwrap())?, span: s }
        }
        Rule::may_stmt => {
            let mut it = p.into_inner();
            let player = ident(it.next().unwrap());
            let body_pair = it.next().unwrap();
            let body = match body_pair.as_rule() {
                Rule::block => stmts(body_pair)?,
                _ => vec![stmt(body_pair)?],
            };
            let (mut if_done, mut if_not) = (vec![], vec![]);
            if let Some(if_do) = it.next() {
                let mut di = if_do.into_inner();
                di.next(); // the player word of "if you do"
                if_done = stmts(di.next().unwrap())?;
                if let Some(b) = di.next() {
                    if_not = stmts(b)?;
                }
            }
            Stmt::May { player, body, if_done, if_not, span: s }
        }
        Rule::modes_stmt => {
            let mut it = p.into_inner();
            let head_pair = it.next().unwrap();
            let head_span = span(&head_pair);
            let head = Phrase { atoms: head_pair.into_inner().map(atom).collect::<R<_>>()?, span: head_span };
            let (chooser, up_to, count) = modes_head(&head)?;
            let mut it = it.peekable();
            let repeatable = it.next_if(|x| x.as_rule() == Rule::repeatable).is_some();
            let mut modes = vec![];
            for m in it {
                let ms = span(&m);
                let mut mi = m.into_inner().peekable();
                let label = if mi.peek().map(|x| x.as_rule()) == Some(Rule::string) { Some(string(mi.next().unwrap())) } else { None };
                modes.push(Mode { label, body: stmts(mi.next().unwrap())?, span: ms });
            }
            Stmt::Modes { chooser, up_to, count, repeatable, modes, span: s }
        }
        Rule::let_stmt => {
            let mut it = p.into_inner();
            let name = ident(it.next().unwrap());
            Stmt::Let { name, value: arith(it.next().unwrap())?, span: s }
        }
        Rule::delayed_stmt => {
            let mut it = p.into_inner();
            let w = it.next().unwrap();
            let word = match w.as_str() {
                "when" => TriggerWord::When,
                "whenever" => TriggerWord::Whenever,
                "after" => TriggerWord::After,
                "before" => TriggerWord::Before,
                "at" => TriggerWord::At,
                _ => TriggerWord::InsteadOf,
            };
            let phrase = atoms(it.next().unwrap())?;
            let trigger = Trigger { word: Spanned::new(word, span(&w)), phrase };
            let mut next = it.next().unwrap();
            let mut duration = None;
            if next.as_rule() == Rule::duration {
                duration = Some(duration_phrase(next));
                next = it.next().unwrap();
            }
            Stmt::Delayed { trigger, duration, body: stmts(next)?, span: s }
        }
        Rule::phrase_stmt => {
            let mut it = p.into_inner();
            let phrase = atoms(it.next().unwrap())?;
            let mut ps = PhraseStmt { phrase, for_each: None, duration: None, binding: None, span: s };
            for part in it {
                match part.as_rule() {
                    Rule::for_each => ps.for_each = Some(atoms(part.into_inner().next().unwrap())?),
                    Rule::duration => ps.duration = Some(duration_phrase(part)),
                    Rule::binding => ps.binding = Some(ident(part.into_inner().next().unwrap())),
                    r => unreachable!("phrase stmt: {r:?}"),
                }
            }
            Stmt::Phrase(ps)
        }
        r => unreachable!("stmt: {r:?}"),
    })
}

/// `until end of turn` as one phrase, its keyword included.
fn duration_phrase(p: P) -> Phrase {
    let ds = span(&p);
    let mut di = p.into_inner();
    let mut atoms_list = vec![word_atom(di.next().unwrap())];
    atoms_list.extend(di.next().unwrap().into_inner().map(atom).filter_map(Result::ok));
    Phrase { atoms: atoms_list, span: ds }
}

/// `select 1 of`, `select up to 2 of`, `opponent selects 1 of`.
fn modes_head(head: &Phrase) -> R<(Ident, bool, Spanned<ModeCount>)> {
    let words: Vec<&Atom> = head.atoms.iter().collect();
    let bad = || {
        Diagnostic::new(Code::E0002, head.span, "expected `select N of { mode { ... } ... }`")
            .label("a mode choice names who selects and how many: `select 1 of`, `select up to 2 of`")
    };
    let (chooser, rest) = match words.first().and_then(|a| a.word()) {
        Some("select" | "choose") => (Spanned::new("you".to_string(), words[0].span), &words[..]),
        Some(_) if words.len() > 1 && matches!(words[1].word(), Some("selects" | "chooses")) => {
            (Spanned::new(words[0].word().unwrap().to_string(), words[0].span), &words[1..])
        }
        _ => return Err(bad()),
    };
    let (up_to, count_atom) = match rest {
        [_, up, to, n] if up.word() == Some("up") && to.word() == Some("to") => (true, *n),
        [_, n] => (false, *n),
        _ => return Err(bad()),
    };
    match &count_atom.kind {
        AtomKind::Number(n) => Ok((chooser, up_to, Spanned::new(ModeCount::Fixed(*n), count_atom.span))),
        AtomKind::Group(arith) => Ok((chooser, up_to, Spanned::new(ModeCount::Computed(arith.clone()), count_atom.span))),
        _ => Err(bad()),
    }
}

/// A run of atoms: `atoms` in phrases, `catoms` in conditions.
fn atoms(p: P) -> R<Phrase> {
    let s = span(&p);
    Ok(Phrase { atoms: p.into_inner().map(atom).collect::<R<_>>()?, span: s })
}

fn word_atom(p: P) -> Atom {
    let s = span(&p);
    let text = p.as_str();
    let (stem, possessive) = match text.strip_suffix("'s").or_else(|| text.strip_suffix('\'')) {
        Some(stem) => (stem, true),
        None => (text, false),
    };
    Atom { kind: AtomKind::Word { text: stem.to_string(), possessive }, span: s }
}

fn atom(p: P) -> R<Atom> {
    let s = span(&p);
    let kind = match p.as_rule() {
        Rule::word => return Ok(word_atom(p)),
        Rule::this_kw => AtomKind::This,
        Rule::number => AtomKind::Number(number(&p)?),
        Rule::signed => {
            let mut it = p.into_inner();
            let negative = it.next().unwrap().as_str() == "-";
            let v = it.next().unwrap();
            let value = match v.as_rule() {
                Rule::ident => word_atom(v),
                _ => atom(v)?,
            };
            AtomKind::Signed { negative, value: Box::new(value) }
        }
        Rule::string => AtomKind::Str(string(p).node),
        Rule::symbols => AtomKind::Symbols(
            p.into_inner()
                .map(|sym| {
                    let ss = span(&sym);
                    Spanned::new(sym.as_str().trim_matches(|c| c == '{' || c == '}').to_lowercase(), ss)
                })
                .collect(),
        ),
        Rule::call => {
            let mut it = p.into_inner();
            let name = ident(it.next().unwrap());
            let args = it.next().unwrap().into_inner().map(cond).collect::<R<_>>()?;
            AtomKind::Call { name, args }
        }
        Rule::pair => {
            let mut it = p.into_inner();
            let a = atom(it.next().unwrap())?;
            AtomKind::Pair(Box::new(a), Box::new(atom(it.next().unwrap())?))
        }
        Rule::ability_lit => AtomKind::Abilities(p.into_inner().map(ability).collect::<R<_>>()?),
        Rule::list => AtomKind::List(p.into_inner().map(cond).collect::<R<_>>()?),
        Rule::group => AtomKind::Group(Box::new(arith(p.into_inner().next().unwrap())?)),
        r => unreachable!("atom: {r:?}"),
    };
    Ok(Atom { kind, span: s })
}

fn arith(p: P) -> R<Arith> {
    let s = span(&p);
    let mut it = p.into_inner();
    let first = atoms(it.next().unwrap())?;
    let mut rest = vec![];
    while let Some(op) = it.next() {
        let op = match op.as_str() {
            "+" => ArithOp::Add,
            "-" => ArithOp::Sub,
            "*" => ArithOp::Mul,
            _ => ArithOp::Div,
        };
        rest.push((op, atoms(it.next().unwrap())?));
    }
    Ok(Arith { first, rest, span: s })
}

fn cond(p: P) -> R<Cond> {
    let s = span(&p);
    match p.as_rule() {
        Rule::cond | Rule::conj => {
            let is_or = p.as_rule() == Rule::cond;
            let mut parts: Vec<Cond> = p.into_inner().map(cond).collect::<R<_>>()?;
            Ok(if parts.len() == 1 {
                parts.pop().unwrap()
            } else if is_or {
                Cond::Or(parts, s)
            } else {
                Cond::And(parts, s)
            })
        }
        Rule::neg => {
            let mut it = p.into_inner().peekable();
            if it.peek().map(|x| x.as_rule()) == Some(Rule::not_kw) {
                it.next();
                Ok(Cond::Not(Box::new(cond(it.next().unwrap())?), s))
            } else {
                cond(it.next().unwrap())
            }
        }
        Rule::cmp => {
            let mut it = p.into_inner();
            let left = arith(it.next().unwrap())?;
            match it.next() {
                None => Ok(Cond::Plain(left)),
                Some(op) => {
                    let op = match op.as_str() {
                        "<" => CmpOp::Lt,
                        "<=" => CmpOp::Le,
                        ">" => CmpOp::Gt,
                        ">=" => CmpOp::Ge,
                        "!=" => CmpOp::Ne,
                        _ => CmpOp::Eq,
                    };
                    Ok(Cond::Cmp { left, op, right: arith(it.next().unwrap())?, span: s })
                }
            }
        }
        r => unreachable!("cond: {r:?}"),
    }
}
