//! `:explain "CARD" PROPERTY`: every continuous effect on one characteristic of a card, in the
//! order they apply (set-base first, then by timestamp; FF 11.12.4.9-11), with its source.

use crate::kernel::{Amount, Change, Duration, GameState, Op};

use super::ast::ObjectRef;
use super::perform::find_in;

/// The explanation, or what is wrong with the request.
pub fn explain(state: &GameState, args: &str) -> Result<String, String> {
    let (name, property) = parse(args).ok_or("write :explain \"CARD\" PROPERTY (e.g. :explain \"Cloud\" power)")?;
    let object = find_in(state, &ObjectRef { player: None, name: name.to_string(), span: Default::default() }, None, None).map_err(|e| e.0)?;
    let vocab = &state.library.vocab;
    let prop = vocab.property(property).ok_or_else(|| format!("there is no property named `{property}`"))?;
    let view = state.view();
    let mut applied: Vec<_> = state
        .effects
        .iter()
        .filter(|e| match &e.change {
            Change::Property { property, .. } | Change::AddValue { property, .. } | Change::RemoveValue { property, .. } | Change::SetValue { property, .. } => *property == prop,
            _ => false,
        })
        .filter(|e| state.selects(&view, &e.affected, object, e.source))
        .collect();
    applied.sort_by_key(|e| (!matches!(e.change, Change::Property { op: Op::SetBase, .. }), e.timestamp));
    let mut out = format!("{} {property}:\n", state.name_of(object));
    let printed = state.library.card(state.object(object).card).properties.iter().find(|(p, _)| *p == prop).and_then(|(_, v)| crate::kernel::Value::from_printed(v)).map(|v| super::expect::show(state, &v));
    out.push_str(&format!("  printed: {}\n", printed.unwrap_or_else(|| "none".into())));
    for effect in &applied {
        let source = effect.source.map_or("the game".to_string(), |s| state.name_of(s));
        let off = match &effect.condition {
            Some(condition) if !state.holds(&view, condition, effect.source) => " — its condition does not hold: not applied",
            _ => "",
        };
        out.push_str(&format!("  timestamp {:>3}: {source}: {} {}{off}\n", effect.timestamp.0, change(state, &effect.change), duration(state, &effect.duration)));
    }
    let now = state.characteristics(object).get(prop).map_or("none".to_string(), |v| super::expect::show(state, v));
    out.push_str(&format!("  now: {now}\n"));
    Ok(out)
}

/// A change in words: `+2000`, `set to 5000`, `base set to 3000`.
fn change(state: &GameState, change: &Change) -> String {
    match change {
        Change::Property { op, amount: Amount::Fixed(n), .. } => match op {
            Op::Add | Op::AddAtLeast(_) => format!("{n:+}"),
            Op::Sub => format!("-{n}"),
            Op::Set => format!("set to {n}"),
            Op::SetBase => format!("base set to {n}"),
            Op::Double => "doubled".into(),
        },
        Change::AddValue { value, .. } => format!("adds {}", super::expect::show(state, value)),
        Change::RemoveValue { value, .. } => format!("removes {}", super::expect::show(state, value)),
        Change::SetValue { value, .. } => format!("set to {}", super::expect::show(state, value)),
        other => format!("{other:?}"),
    }
}

fn duration(state: &GameState, duration: &Duration) -> String {
    match duration {
        Duration::Forever => "for the rest of the game".into(),
        Duration::Until(point) => format!("until {}", point.replace('_', " ")),
        Duration::WhileIn(o) => format!("while {} stays", state.name_of(*o)),
        Duration::WhileFlag(o, flag) => format!("while {} is {flag}", state.name_of(*o)),
    }
}

/// `"Cloud" power` → ("Cloud", "power").
fn parse(args: &str) -> Option<(&str, &str)> {
    let rest = args.trim().strip_prefix('"')?;
    let (name, property) = rest.split_once('"')?;
    let property = property.trim();
    (!name.is_empty() && !property.is_empty()).then_some((name, property))
}
