//! The SVG board: the opponent at the top, the player at the bottom, what waits to resolve between.

use std::fmt::Write;

use crate::board::draw::{self, back, card, esc, num, pile, rect, Pile, slot_width, text, CH, CW, GAP, PH, PW};
use crate::board::{card_view, count_only, entry_label, is_hand, outcome_words, player_name, player_zones, resource_words, shared_zones, zone_title, CardView};
use crate::kernel::state::Zone;
use crate::kernel::{GameState, ObjectId, PlayerId};

const MARGIN: f64 = 16.0;
const PANEL: f64 = 160.0;
/// A row of cards: its label, the cards, their captions.
const ROW: f64 = 18.0 + CH + 20.0;
/// A pile's cell in the grid of piles.
const PILE_W: f64 = PW + 18.0;
const PILE_H: f64 = 16.0 + PH + 18.0;
const PILE_COLUMNS: usize = 2;
/// A box for one entry waiting to resolve.
const ENTRY_W: f64 = 170.0;
const ENTRY_H: f64 = 40.0;

/// A row of one zone's cards: face up (with names), or backs (a count only).
struct Row<'a> {
    zone: &'a Zone,
    cards: Vec<(ObjectId, CardView)>,
    backs: bool,
}

impl Row<'_> {
    fn width(&self) -> f64 {
        let cards: f64 = if self.backs { self.cards.len().min(1) as f64 * CW + self.cards.len().saturating_sub(1) as f64 * 18.0 } else { self.cards.iter().map(|(_, v)| slot_width(v) + GAP).sum() };
        cards.max(CW)
    }
}

/// One player's band: rows of cards (nearest the middle first) and piles for the other zones.
struct Band<'a> {
    player: PlayerId,
    rows: Vec<Row<'a>>,
    piles: Vec<&'a Zone>,
}

impl Band<'_> {
    fn panel_height(&self, state: &GameState) -> f64 {
        // The name, the "cards" heading, then a line per resource, flag and zone.
        let lines = 2 + resource_words(state, self.player).len() + state.players[self.player.index()].flags.len() + player_zones(state, self.player).count();
        28.0 + 15.0 * lines as f64
    }

    fn height(&self, state: &GameState) -> f64 {
        let piles = self.piles.len().div_ceil(PILE_COLUMNS) as f64 * PILE_H;
        (self.rows.len() as f64 * ROW).max(piles).max(self.panel_height(state)) + GAP
    }
}

fn band(state: &GameState, player: PlayerId) -> Band<'_> {
    let mut rows = vec![];
    let mut hands = vec![];
    let mut piles = vec![];
    for zone in player_zones(state, player) {
        let cards = || zone.objects.iter().map(|o| (*o, card_view(state, *o))).collect();
        if zone.name.is_in(&state.config.ability_zones) {
            rows.push(Row { zone, cards: cards(), backs: false });
        } else if is_hand(zone) {
            hands.push(Row { zone, cards: cards(), backs: player != PlayerId(0) });
        } else {
            piles.push(zone);
        }
    }
    rows.extend(hands);
    Band { player, rows, piles }
}

/// The board as a self-contained SVG picture: player 0 at the bottom, the others above, the
/// stack (or the game's shared zones) in the middle, the attack in progress outlined in colour.
pub fn svg(state: &GameState) -> String {
    let bottom = band(state, PlayerId(0));
    let tops: Vec<Band> = (1..state.players.len()).map(|p| band(state, PlayerId(p as u8))).collect();
    let shared: Vec<Row> = shared_zones(state)
        .filter(|z| !z.objects.is_empty())
        .map(|zone| Row { zone, cards: zone.objects.iter().map(|o| (*o, card_view(state, *o))).collect(), backs: false })
        .collect();
    let all_rows = tops.iter().chain([&bottom]).flat_map(|b| b.rows.iter()).chain(shared.iter());
    let entries_w = state.stack.len() as f64 * (ENTRY_W + GAP);
    let main_w = all_rows.map(Row::width).fold(entries_w.max(520.0), f64::max);
    let piles_w = PILE_COLUMNS as f64 * PILE_W;
    let width = MARGIN + PANEL + GAP + main_w + GAP + piles_w + MARGIN;
    let middle_h = 34.0 + shared.len() as f64 * ROW + if state.stack.is_empty() { 0.0 } else { ENTRY_H + 24.0 };
    let height = MARGIN * 2.0 + tops.iter().map(|b| b.height(state)).sum::<f64>() + middle_h + bottom.height(state);

    let mut out = String::new();
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="Helvetica, Arial, sans-serif">"#,
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(out, "<title>{}</title>", esc(&title(state)));
    out.push_str(concat!(
        r##"<defs><pattern id="back" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">"##,
        r##"<rect width="8" height="8" fill="#27346a"/><rect width="4" height="8" fill="#34478f"/></pattern></defs>"##,
        "\n"
    ));
    rect(&mut out, 0.0, 0.0, width, height, 0.0, r##"fill="#f7f7f4""##);
    let mut y = MARGIN;
    for b in &tops {
        draw_band(&mut out, state, b, y, width, true);
        y += b.height(state);
    }
    draw_middle(&mut out, state, &shared, y, width, middle_h);
    y += middle_h;
    draw_band(&mut out, state, &bottom, y, width, false);
    out.push_str("</svg>\n");
    out
}

/// `Turn 3 · me to play`, and the outcome.
fn title(state: &GameState) -> String {
    let mut t = format!("Turn {} · {} to play", state.turn, player_name(state, state.turn_player));
    if let Some(o) = outcome_words(state) {
        t.push_str(&format!(" · game over: {o}"));
    }
    t
}

/// A player's band at `y`: the resource panel on the left, the rows, the piles on the right.
/// A top band is mirrored: its hand at the top, its field nearest the middle.
fn draw_band(out: &mut String, state: &GameState, b: &Band, y: f64, width: f64, top: bool) {
    let h = b.height(state) - GAP;
    let fill = if top { "#f6eceb" } else { "#ebf3ea" };
    rect(out, MARGIN / 2.0, y - 4.0, width - MARGIN, h + 8.0, 10.0, &format!(r##"fill="{fill}" stroke="#d4d4cc""##));
    draw_panel(out, state, b, MARGIN, y);
    let x = MARGIN + PANEL + GAP;
    for (i, row) in b.rows.iter().enumerate() {
        let slot = if top { b.rows.len() - 1 - i } else { i };
        draw_row(out, state, row, x, y + slot as f64 * ROW);
    }
    let px = width - MARGIN - PILE_COLUMNS as f64 * PILE_W;
    for (i, zone) in b.piles.iter().enumerate() {
        let (col, line) = (i % PILE_COLUMNS, i / PILE_COLUMNS);
        draw_pile(out, state, zone, px + col as f64 * PILE_W, y + line as f64 * PILE_H);
    }
}

/// The resource panel: the player's name, resources, flags and how many cards each zone holds.
fn draw_panel(out: &mut String, state: &GameState, b: &Band, x: f64, y: f64) {
    let p = b.player;
    rect(out, x, y, PANEL, b.panel_height(state) - 6.0, 8.0, r##"fill="#fff" stroke="#bbb""##);
    let mut name = player_name(state, p).to_string();
    if state.turn_player == p {
        name.push_str(" ▶ turn");
    }
    text(out, x + 10.0, y + 20.0, 13.0, "start", r##"font-weight="bold" fill="#222""##, &name);
    let mut ly = y + 40.0;
    let mut line = |out: &mut String, s: &str, size: f64, style: &str| {
        text(out, x + 12.0, ly, size, "start", style, s);
        ly += 15.0;
    };
    for r in resource_words(state, p) {
        line(out, &r, 11.0, r##"fill="#1a4d8f" font-weight="bold""##);
    }
    for f in &state.players[p.index()].flags {
        line(out, &f.replace('_', " "), 11.0, r##"fill="#c1121f" font-style="italic""##);
    }
    line(out, "cards", 9.0, r##"fill="#888""##);
    for zone in player_zones(state, p) {
        line(out, &format!("{}: {}", zone_title(&zone.name), zone.objects.len()), 11.0, r##"fill="#444""##);
    }
}

/// A row of cards with its label; backs overlap (only the count matters).
fn draw_row(out: &mut String, state: &GameState, row: &Row, x: f64, y: f64) {
    text(out, x, y + 12.0, 11.0, "start", r##"fill="#555" font-weight="bold""##, &format!("{} ({})", zone_title(&row.zone.name), row.cards.len()));
    let cy = y + 18.0;
    if row.cards.is_empty() {
        rect(out, x, cy, CW, CH, 7.0, r##"fill="none" stroke="#bbb" stroke-dasharray="4 3""##);
        return;
    }
    let mut cx = x;
    for (object, view) in &row.cards {
        if row.backs {
            back(out, cx + CW / 2.0, cy + CH / 2.0, CW, CH, None);
            cx += 18.0;
        } else {
            let tooltip = format!("{} — {}", state.name_of(*object), view.label());
            card(out, cx, cy, view, Some(&tooltip));
            cx += slot_width(view) + GAP;
        }
    }
}

/// A zone as a labelled pile with its count.
fn draw_pile(out: &mut String, state: &GameState, zone: &Zone, x: f64, y: f64) {
    let hidden = count_only(zone);
    let top = zone.objects.last().map(|o| card_view(state, *o).name);
    let tooltip = if hidden || zone.objects.is_empty() {
        format!("{}: {} cards", zone_title(&zone.name), zone.objects.len())
    } else {
        let names: Vec<String> = zone.objects.iter().rev().map(|o| card_view(state, *o).label()).collect();
        format!("{} (top first): {}", zone_title(&zone.name), names.join(", "))
    };
    let label = zone_title(&zone.name);
    pile(out, x, y, &Pile { label: &label, top: top.as_deref(), count: zone.objects.len(), hidden, tooltip: &tooltip });
}

/// The middle: the turn, the outcome, the attack in progress, the shared zones and the entries
/// waiting to resolve (bottom first, the top one marked).
fn draw_middle(out: &mut String, state: &GameState, shared: &[Row], y: f64, width: f64, h: f64) {
    rect(out, MARGIN / 2.0, y + 2.0, width - MARGIN, h - 8.0, 10.0, r##"fill="#eeeef5" stroke="#c8c8d8""##);
    let mut header = title(state);
    let fighters: Vec<String> = state
        .live_objects()
        .filter_map(|o| {
            let v = card_view(state, o);
            v.combat().map(|(flag, _)| format!("{} {flag}", v.name))
        })
        .collect();
    if !fighters.is_empty() {
        header.push_str(&format!(" · attack in progress: {}", fighters.join(", ")));
    }
    if state.stack.is_empty() && shared.is_empty() {
        header.push_str(" · nothing waits to resolve");
    }
    let over = state.outcome.is_some();
    text(out, MARGIN + 8.0, y + 22.0, 13.0, "start", if over { r##"font-weight="bold" fill="#c1121f""## } else { r##"font-weight="bold" fill="#333""## }, &header);
    let x = MARGIN + PANEL + GAP;
    let mut ry = y + 34.0;
    for row in shared {
        draw_row(out, state, row, x, ry);
        ry += ROW;
    }
    if state.stack.is_empty() {
        return;
    }
    text(out, MARGIN + 8.0, ry + 14.0, 11.0, "start", r##"fill="#555" font-weight="bold""##, "to resolve");
    for i in 0..state.stack.len() {
        let ex = x + i as f64 * (ENTRY_W + GAP);
        let is_top = i + 1 == state.stack.len();
        let stroke = if is_top { r##"fill="#fff" stroke="#7b2cbf" stroke-width="2.5""## } else { r##"fill="#fff" stroke="#888""## };
        let _ = writeln!(out, "<g class=\"entry\"><title>{}</title>", esc(&entry_label(state, i)));
        rect(out, ex, ry, ENTRY_W, ENTRY_H, 8.0, stroke);
        let lines = draw::wrap(&entry_label(state, i), 30, 2);
        for (j, l) in lines.iter().enumerate() {
            text(out, ex + 8.0, ry + 16.0 + 13.0 * j as f64, 10.0, "start", r##"fill="#222""##, l);
        }
        if is_top {
            text(out, ex + ENTRY_W - 6.0, ry + ENTRY_H + 13.0, 9.0, "end", r##"fill="#7b2cbf" font-weight="bold""##, "top");
        }
        out.push_str("</g>\n");
    }
}
