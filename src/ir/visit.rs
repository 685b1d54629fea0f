//! Walking the IR: every phrase (`Call`) an item uses, for coverage reports and tools.

use super::*;

impl AbilityIr {
    /// Calls `f` for every phrase of the ability: tags, trigger, costs, condition, body.
    pub fn each_call<'a>(&'a self, f: &mut impl FnMut(&'a Call)) {
        self.tags.iter().for_each(|c| call(c, f));
        if let Some(t) = &self.trigger {
            call(&t.event, f);
        }
        for cost in &self.costs {
            if let CostIr::Phrase(c) = cost {
                call(c, f);
            }
        }
        if let Some(c) = &self.condition {
            cond(c, f);
        }
        self.body.iter().for_each(|e| effect(e, f));
    }
}

fn call<'a>(c: &'a Call, f: &mut impl FnMut(&'a Call)) {
    f(c);
    c.args.iter().for_each(|a| operand(a, f));
}

fn effect<'a>(e: &'a Effect, f: &mut impl FnMut(&'a Call)) {
    match e {
        Effect::Do { call: c, for_each, duration, .. } => {
            call(c, f);
            if let Some(o) = for_each {
                operand(o, f);
            }
            if let Some(d) = duration {
                call(d, f);
            }
        }
        Effect::Choose { what, quantity, .. } => {
            operand(what, f);
            if let Quantity::Exactly(n) | Quantity::UpTo(n) = quantity {
                operand(n, f);
            }
        }
        Effect::If { cond: c, then, otherwise } => {
            cond(c, f);
            then.iter().chain(otherwise).for_each(|e| effect(e, f));
        }
        Effect::May { body, if_done, if_not, .. } => body.iter().chain(if_done).chain(if_not).for_each(|e| effect(e, f)),
        Effect::ForEach { set, body, .. } => {
            operand(set, f);
            body.iter().for_each(|e| effect(e, f));
        }
        Effect::Modes { modes, .. } => modes.iter().flatten().for_each(|e| effect(e, f)),
        Effect::Let { value, .. } => operand(value, f),
        Effect::Delayed { trigger, duration, body } => {
            call(&trigger.event, f);
            if let Some(d) = duration {
                call(d, f);
            }
            body.iter().for_each(|e| effect(e, f));
        }
    }
}

fn operand<'a>(o: &'a Operand, f: &mut impl FnMut(&'a Call)) {
    match o {
        Operand::Value(c) => call(c, f),
        Operand::Cards { filter, quantity, .. } => {
            filter.iter().for_each(|x| filter_calls(x, f));
            if let Quantity::Exactly(n) | Quantity::UpTo(n) = quantity {
                operand(n, f);
            }
        }
        Operand::Signed { value, .. } => operand(value, f),
        Operand::List(items) => items.iter().for_each(|i| operand(i, f)),
        Operand::Zone { owner: Some(o), .. } => operand(o, f),
        Operand::Keyword { args, .. } => args.iter().for_each(|a| operand(a, f)),
        Operand::Property { of, .. } | Operand::Count(of) => operand(of, f),
        Operand::Arith { left, right, .. } => {
            operand(left, f);
            operand(right, f);
        }
        Operand::Pair(a, b) => {
            operand(a, f);
            operand(b, f);
        }
        Operand::Abilities(list) => list.iter().for_each(|a| a.each_call(f)),
        Operand::EnumChoice { from: Some(x), .. } | Operand::PropertyChoice { from: x, .. } => operand(x, f),
        _ => {}
    }
}

fn filter_calls<'a>(x: &'a FilterIr, f: &mut impl FnMut(&'a Call)) {
    match x {
        FilterIr::Pred(c) => call(c, f),
        FilterIr::Compare { value, .. } | FilterIr::Has { value, .. } => operand(value, f),
        FilterIr::Not(inner) => filter_calls(inner, f),
        FilterIr::Or(xs) | FilterIr::And(xs) => xs.iter().for_each(|x| filter_calls(x, f)),
        FilterIr::Kind(_) => {}
    }
}

fn cond<'a>(c: &'a CondIr, f: &mut impl FnMut(&'a Call)) {
    match c {
        CondIr::Pred(x) => call(x, f),
        CondIr::Compare { left, right, .. } => {
            operand(left, f);
            operand(right, f);
        }
        CondIr::Not(inner) => cond(inner, f),
        CondIr::Or(cs) | CondIr::And(cs) => cs.iter().for_each(|c| cond(c, f)),
    }
}
