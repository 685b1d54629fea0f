//! `:explain "CARD" PROPERTY`: every continuous effect on one characteristic of a card, in the
//! order they apply (set-base first, then by timestamp; FF 11.12.4.9-11), with its source.

use crate::kernel::{Change, GameState, Op};

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
        .filter(|e| e.change.property() == Some(prop))
        .filter(|e| state.selects(&view, &e.affected, object, e.source))
        .collect();
    applied.sort_by_key(|e| (!matches!(e.change, Change::Property { op: Op::SetBase, .. }), e.timestamp));
    let mut out = format!("{} {property}:\n", state.name_of(object));
    let printed = state.library.card(state.object(object).card).properties.iter().find(|(p, _)| *p == prop).and_then(|(_, v)| crate::kernel::Value::from_printed(v)).map(|v| state.show_value(&v));
    out.push_str(&format!("  printed: {}\n", printed.unwrap_or_else(|| "none".into())));
    for effect in &applied {
        let source = effect.source.map_or("the game".to_string(), |s| state.name_of(s));
        let off = match &effect.condition {
            Some(condition) if !state.holds(&view, condition, effect.source) => " — its condition does not hold: not applied",
            _ => "",
        };
        out.push_str(&format!("  timestamp {:>3}: {source}: {} {}{off}\n", effect.timestamp.0, state.describe_change(&effect.change), state.describe_duration(&effect.duration)));
    }
    let now = state.characteristics(object).get(prop).map_or("none".to_string(), |v| state.show_value(v));
    out.push_str(&format!("  now: {now}\n"));
    Ok(out)
}

/// `"Cloud" power` → ("Cloud", "power").
fn parse(args: &str) -> Option<(&str, &str)> {
    let rest = args.trim().strip_prefix('"')?;
    let (name, property) = rest.split_once('"')?;
    let property = property.trim();
    (!name.is_empty() && !property.is_empty()).then_some((name, property))
}
