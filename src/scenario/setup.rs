//! Sets up a scenario's game: its library, its players' zones with cards in their states, and
//! resources — without triggering anything, as if the game had got there by itself.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diagnostic::{suggestions, Code, Diagnostic};
use crate::kernel::decision::FirstOption;
use crate::kernel::{CardId, Event, GameState, Library, ObjectId, PlayerId};
use crate::span::Span;
use crate::workspace::Workspace;

use super::ast::{Placed, Side};

/// A game's checked cards, with their names.
#[derive(Clone)]
pub struct LoadedLibrary {
    pub library: Arc<Library>,
    pub names: BTreeMap<String, CardId>,
}

/// Libraries loaded so far, by the paths they came from (a test run loads each set once).
#[derive(Default)]
pub struct Libraries {
    loaded: BTreeMap<(String, Vec<PathBuf>), Result<LoadedLibrary, String>>,
}

impl Libraries {
    pub fn get(&mut self, game: &str, paths: Vec<PathBuf>) -> Result<LoadedLibrary, String> {
        let key = (game.to_string(), paths);
        self.loaded
            .entry(key.clone())
            .or_insert_with(|| {
                let ws = Workspace::load(&key.1);
                if let Some(e) = ws.io_errors.first() {
                    return Err(e.clone());
                }
                let (library, names) = ws.library(game).ok_or_else(|| format!("no cards or vocabulary for the game `{game}`"))?;
                Ok(LoadedLibrary { library: Arc::new(library), names })
            })
            .clone()
    }
}

/// The scripts a scenario runs with: what it `load`s (relative to its folder), or else the
/// game's cards in the nearest `cards/<game>` folder above it, or above the current directory;
/// none when there is no such folder.
pub fn script_paths(game: &str, loads: &[String], folder: &Path) -> Vec<PathBuf> {
    if !loads.is_empty() {
        return loads.iter().map(|l| folder.join(l)).collect();
    }
    crate::workspace::find_above_or_here(folder, &Path::new("cards").join(game)).into_iter().collect()
}

pub fn player(side: Side) -> PlayerId {
    PlayerId(side)
}

/// The zone of `side`'s named `zone` (or the shared one); an unknown name is a diagnostic.
pub fn zone_of(state: &GameState, side: Side, zone: &str, span: Span) -> Result<crate::kernel::ZoneId, Diagnostic> {
    state.zone_id(zone, Some(player(side))).or_else(|| state.zone_id(zone, None)).ok_or_else(|| {
        let known: Vec<&str> = state.config.zones.iter().map(|z| z.name.as_str()).collect();
        unknown("zone", zone, span, known)
    })
}

/// Puts `placed` into a zone of `side`'s; unknown cards and zones are diagnostics.
/// Returns a warning when the card's name was not enough to say which card it is.
pub fn place(state: &mut GameState, names: &BTreeMap<String, CardId>, side: Side, zone: &str, placed: &Placed, zone_span: Span) -> Result<Option<Diagnostic>, Diagnostic> {
    let owner = player(side);
    let zone_id = zone_of(state, side, zone, zone_span)?;
    let (card, warning) = lookup_card(&state.library, names, &placed.name, placed.span)?;
    // The card it is attached to is placed before it (earlier in the file or the line).
    let host = match &placed.attached_to {
        Some(host) => Some(super::perform::find_in(state, host, Some(side), None).map_err(|e| {
            Diagnostic::new(Code::E0200, host.span, format!("cannot attach to \"{}\": {}", host.name, e.0)).label("no such card placed before this one").help("place the card it is attached to first")
        })?),
        None => None,
    };
    for _ in 0..placed.count {
        let object = ObjectId(state.objects.len() as u32);
        state.apply(Event::Created { object, card, owner, zone: zone_id });
        if host.is_some() {
            state.apply(Event::Attached { object, to: host });
        }
        for flag in &placed.flags {
            state.apply(Event::Flag { object, flag: flag.into(), value: true, by: vec![] });
        }
        if placed.damage > 0 {
            state.apply(Event::Damaged { object, amount: placed.damage, source: None, battle: false });
        }
        for (name, n) in &placed.counters {
            state.apply(Event::Counter { object, name: name.as_str().into(), delta: *n });
        }
        // Always-on abilities of the zone it is in (the field; the hand for `[from your hand]`).
        crate::interp::register_static(state, &mut FirstOption, object);
    }
    Ok(warning)
}

/// A card by its name or code, ignoring case; a name several printed cards share must be
/// written as a code.
/// The card a scenario names: by name or code. A name several printed cards share (reprints,
/// other sets) means its first printing, with a warning that names the others' codes.
pub fn lookup_card(library: &Library, names: &BTreeMap<String, CardId>, name: &str, span: Span) -> Result<(CardId, Option<Diagnostic>), Diagnostic> {
    let mut named: Vec<CardId> = (0..library.cards.len() as u32).map(CardId).filter(|c| library.card(*c).name.eq_ignore_ascii_case(name)).collect();
    named.sort_by_key(|c| crate::workspace::printing_order(library.card(*c).code.as_deref()));
    if let [first, _, ..] = named.as_slice() {
        // Worded without the count or the other codes, so that a new set does not change it.
        let code = library.card(*first).code.clone().unwrap_or_default();
        let warning = Diagnostic::new(Code::W0200, span, format!("several printed cards are named \"{name}\"; the first printing, {code}, is used"))
            .label("which one?")
            .help("write a card's code to choose another printing");
        return Ok((*first, Some(warning)));
    }
    named
        .first()
        .copied()
        .or_else(|| names.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, c)| *c))
        .map(|c| (c, None))
        .ok_or_else(|| unknown("card", name, span, names.keys().map(String::as_str).collect()))
}



/// "There is no such X", with the closest known names.
pub fn unknown(what: &str, name: &str, span: Span, known: Vec<&str>) -> Diagnostic {
    let mut d = Diagnostic::new(Code::E0200, span, format!("there is no {what} named \"{name}\"")).label(format!("unknown {what}"));
    if let Some(best) = suggestions(name, known).first() {
        d = d.help(format!("did you mean \"{best}\"?"));
    }
    d
}
