//! SVG drawing primitives for the board: cards face up and face down, piles, panels and text.

use std::fmt::Write;

use crate::board::CardView;

/// A card's width and height.
pub const CW: f64 = 84.0;
pub const CH: f64 = 118.0;
pub const GAP: f64 = 12.0;
/// A pile's width and height (decks, break zones, trails).
pub const PW: f64 = 62.0;
pub const PH: f64 = 86.0;

const INK: &str = "#222";
const FAINT: &str = "#666";

/// Text made safe for XML character data and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A number the way SVG attributes take it: no trailing `.0`.
pub fn num(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r.fract() == 0.0 { format!("{}", r as i64) } else { format!("{r:.1}") }
}

/// The width a card takes in a row: sideways cards are as wide as a card is tall.
pub fn slot_width(view: &CardView) -> f64 {
    if view.turned() { CH } else { CW }
}

/// Text at (x, y); `anchor` is `start`, `middle` or `end`; `style` extra attributes.
pub fn text(out: &mut String, x: f64, y: f64, size: f64, anchor: &str, style: &str, content: &str) {
    let _ = writeln!(out, r#"<text x="{}" y="{}" font-size="{}" text-anchor="{anchor}" {style}>{}</text>"#, num(x), num(y), num(size), esc(content));
}

/// A rectangle with rounded corners.
pub fn rect(out: &mut String, x: f64, y: f64, w: f64, h: f64, rx: f64, style: &str) {
    let _ = writeln!(out, r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" {style}/>"#, num(x), num(y), num(w), num(h), num(rx));
}

/// A name broken into lines of at most `width` characters, at most `max` lines (the last cut with `…`).
pub fn wrap(name: &str, width: usize, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = vec![];
    for word in name.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    for line in lines.iter_mut() {
        if line.chars().count() > width {
            *line = line.chars().take(width - 1).collect::<String>() + "…";
        }
    }
    if lines.len() > max {
        lines.truncate(max);
        let last = &mut lines[max - 1];
        if last.chars().count() >= width {
            *last = last.chars().take(width - 1).collect();
        }
        last.push('…');
    }
    lines
}

/// The back of a card, centred on (cx, cy), with an optional word on it.
pub fn back(out: &mut String, cx: f64, cy: f64, w: f64, h: f64, word: Option<&str>) {
    rect(out, cx - w / 2.0, cy - h / 2.0, w, h, 6.0, r##"fill="url(#back)" stroke="#111a3a" stroke-width="1.2""##);
    rect(out, cx - w / 2.0 + 5.0, cy - h / 2.0 + 5.0, w - 10.0, h - 10.0, 4.0, r##"fill="none" stroke="#c9b458" stroke-width="1""##);
    if let Some(word) = word {
        text(out, cx, cy + 3.0, 9.0, "middle", r##"fill="#f4e9b8" font-style="italic""##, word);
    }
}

/// A card in a slot whose top-left corner is (x, y) and whose height is `CH`: face up with its
/// name, numbers, damage and counters, or its back; turned sideways when it is turned; outlined
/// and captioned when it attacks or blocks. `tooltip` names it on hover.
pub fn card(out: &mut String, x: f64, y: f64, view: &CardView, tooltip: Option<&str>) {
    let (cx, cy) = (x + slot_width(view) / 2.0, y + CH / 2.0);
    let _ = writeln!(out, r#"<g class="card">"#);
    if let Some(t) = tooltip {
        let _ = writeln!(out, "<title>{}</title>", esc(t));
    }
    if view.turned() {
        let _ = writeln!(out, r#"<g transform="rotate(90 {} {})">"#, num(cx), num(cy));
    } else {
        out.push_str("<g>\n");
    }
    let (left, top) = (cx - CW / 2.0, cy - CH / 2.0);
    if view.face_down() {
        back(out, cx, cy, CW, CH, Some("face down"));
    } else {
        rect(out, left, top, CW, CH, 7.0, r##"fill="#fffaf0" stroke="#555" stroke-width="1.2""##);
        for (i, line) in wrap(&view.name, 12, 3).iter().enumerate() {
            text(out, cx, top + 17.0 + 12.5 * i as f64, 10.0, "middle", &format!(r#"font-weight="bold" fill="{INK}""#), line);
        }
        for (i, (name, n)) in view.numbers.iter().rev().enumerate() {
            text(out, cx, top + CH - 8.0 - 11.0 * i as f64, 9.0, "middle", &format!(r#"fill="{INK}""#), &format!("{name} {n}"));
        }
        for (i, (name, n)) in view.counters.iter().enumerate() {
            let label = format!("{name} {n}");
            let w = 8.0 + 5.0 * label.chars().count() as f64;
            let py = top + if view.damage > 0 { 74.0 } else { 52.0 } + 14.0 * i as f64;
            rect(out, left + 4.0, py, w, 12.0, 6.0, r##"fill="#e9d8a6" stroke="#9a7b20" stroke-width="0.8""##);
            text(out, left + 4.0 + w / 2.0, py + 9.0, 8.0, "middle", &format!(r#"fill="{INK}""#), &label);
        }
    }
    if view.damage > 0 {
        let label = view.damage.to_string();
        let w = 14.0 + 6.5 * label.len() as f64;
        rect(out, left + CW - 4.0 - w, top + 50.0, w, 20.0, 10.0, r##"fill="#c1121f" stroke="#fff" stroke-width="1.5""##);
        text(out, left + CW - 4.0 - w / 2.0, top + 64.0, 11.0, "middle", r##"font-weight="bold" fill="#fff""##, &label);
    }
    if let Some((_, colour)) = view.combat() {
        rect(out, left - 4.0, top - 4.0, CW + 8.0, CH + 8.0, 10.0, &format!(r#"fill="none" stroke="{colour}" stroke-width="4""#));
    }
    out.push_str("</g>\n");
    caption(out, cx, y + CH + 13.0, view);
    out.push_str("</g>\n");
}

/// Under a card: its attack flag in colour and capitals, then its other states.
fn caption(out: &mut String, cx: f64, y: f64, view: &CardView) {
    let combat = view.combat();
    let others: Vec<&str> = view.flags.iter().map(String::as_str).filter(|f| combat.is_none_or(|(c, _)| c != *f)).collect();
    let mut words = vec![];
    if let Some((flag, _)) = combat {
        words.push(flag.to_uppercase());
    }
    words.extend(others.iter().map(|f| f.replace('_', " ")));
    if words.is_empty() {
        return;
    }
    let fill = combat.map_or(FAINT, |(_, c)| c);
    let weight = if combat.is_some() { r#" font-weight="bold""# } else { "" };
    text(out, cx, y, 9.0, "middle", &format!(r#"fill="{fill}"{weight}"#), &words.join(" · "));
}

/// A zone drawn as a pile.
pub struct Pile<'a> {
    pub label: &'a str,
    /// The top card's name.
    pub top: Option<&'a str>,
    pub count: usize,
    /// Drawn as backs, without the top card's name (a deck).
    pub hidden: bool,
    /// What is in it, shown on hover.
    pub tooltip: &'a str,
}

/// A pile at (x, y) (its label above it): stacked cards with the count, and the top card's name
/// unless the pile is hidden.
pub fn pile(out: &mut String, x: f64, y: f64, pile: &Pile) {
    let Pile { label, top, count, hidden, tooltip } = *pile;
    let _ = writeln!(out, r#"<g class="pile">"#);
    let _ = writeln!(out, "<title>{}</title>", esc(tooltip));
    text(out, x + PW / 2.0, y + 11.0, 10.0, "middle", &format!(r#"fill="{FAINT}""#), label);
    let (px, py) = (x, y + 16.0);
    if count == 0 {
        rect(out, px, py, PW, PH, 6.0, r##"fill="none" stroke="#999" stroke-width="1" stroke-dasharray="4 3""##);
    } else {
        let layers = count.min(3);
        for i in (1..layers).rev() {
            let d = 3.0 * i as f64;
            rect(out, px + d, py + d, PW, PH, 6.0, r##"fill="#ddd" stroke="#888" stroke-width="0.8""##);
        }
        match (hidden, top) {
            (false, Some(name)) => {
                rect(out, px, py, PW, PH, 6.0, r##"fill="#fffaf0" stroke="#555" stroke-width="1""##);
                for (i, line) in wrap(name, 10, 2).iter().enumerate() {
                    text(out, px + PW / 2.0, py + 14.0 + 11.0 * i as f64, 8.5, "middle", &format!(r#"fill="{INK}""#), line);
                }
            }
            _ => back(out, px + PW / 2.0, py + PH / 2.0, PW, PH, None),
        }
    }
    let _ = writeln!(out, r##"<circle cx="{}" cy="{}" r="13" fill="#fff" stroke="#333" stroke-width="1.2"/>"##, num(px + PW / 2.0), num(py + PH - 20.0));
    text(out, px + PW / 2.0, py + PH - 16.0, 12.0, "middle", &format!(r#"font-weight="bold" fill="{INK}""#), &count.to_string());
    out.push_str("</g>\n");
}
