#!/usr/bin/env node
// Tokenizes test/sample.card (and the repository's real .card and .deck files, when present) with the real
// VS Code TextMate engine and checks the scopes the grammar promises.
//
// The engine is not a dependency of the extension. Install it in a scratch directory and run this
// script from there (modules are looked up from the current directory first):
//
//   mkdir -p /tmp/tmtest && cd /tmp/tmtest
//   npm install vscode-textmate@9.3.2 vscode-oniguruma@2.0.1
//   node /path/to/editors/vscode/test/tokenize.js
//
// Exit code 0 when every check passes, 1 otherwise. `--dump FILE` prints the tokens of FILE.
'use strict';
const fs = require('fs');
const path = require('path');
const { createRequire } = require('module');

const EXT = path.resolve(__dirname, '..');
const REPO = path.resolve(EXT, '..', '..');

function load(name) {
  for (const base of [process.cwd(), __dirname]) {
    try {
      return createRequire(path.join(base, 'noop.js'))(name);
    } catch (e) {
      if (e.code !== 'MODULE_NOT_FOUND') throw e;
    }
  }
  console.error(`cannot find the npm package ${name}. Run this script from a directory where\n` +
    '  npm install vscode-textmate@9.3.2 vscode-oniguruma@2.0.1\nhas been run (see editors/vscode/README.md).');
  process.exit(2);
}
const vsctm = load('vscode-textmate');
const onig = load('vscode-oniguruma');

// ------------------------------------------------------------------ reporting
let passed = 0;
const failures = [];
function check(ok, what) {
  if (ok) passed++;
  else failures.push(what);
}

// ------------------------------------------------------------------ static checks of the package
const readJson = (rel) => JSON.parse(fs.readFileSync(path.join(EXT, rel), 'utf8'));
const pkg = readJson('package.json');
const langs = pkg.contributes.languages;
const grammars = pkg.contributes.grammars;
check(pkg.name === 'cardscript', 'package.json: name is cardscript');
check(langs.length === 2 && langs[0].id === 'cardscript' && langs[1].id === 'cardscript-deck',
  'package.json: language ids cardscript and cardscript-deck');
check(langs[0].extensions.includes('.card') && langs[1].extensions.includes('.deck'), 'package.json: .card and .deck extensions');
check(grammars[0].language === 'cardscript' && grammars[0].scopeName === 'source.cardscript',
  'package.json: grammar bound to cardscript / source.cardscript');
check(grammars[1].language === 'cardscript-deck' && grammars[1].scopeName === 'source.cardscript-deck',
  'package.json: grammar bound to cardscript-deck / source.cardscript-deck');
for (const rel of [langs[0].configuration, ...grammars.map((g) => g.path), ...pkg.contributes.snippets.map((s) => s.path)]) {
  check(fs.existsSync(path.join(EXT, rel)), `package.json: ${rel} exists`);
}

const conf = readJson('language-configuration.json');
check(conf.comments.lineComment === '//', 'language-configuration: line comment //');
const pairs = conf.autoClosingPairs.map((p) => p.open + p.close);
for (const p of ['{}', '[]', '()', '""']) check(pairs.includes(p), `language-configuration: auto-closes ${p}`);
const inc = new RegExp(conf.indentationRules.increaseIndentPattern);
const dec = new RegExp(conf.indentationRules.decreaseIndentPattern);
const foldStart = new RegExp(conf.folding.markers.start);
const foldEnd = new RegExp(conf.folding.markers.end);
const indentCases = [
  ['card "Jecht" 1-015L {', true], ['  auto when this attacks:', true],
  ['  special "Shot: 2" {s}{fire}{2}{dull}:', true], ['    if you do {', true],
  ['    } else {', true], ['  field: this gains +1000 power', false],
  ['    draw 1 // note: not a header', false], ['  job "a{"', false],
  ['  it gains ability { auto: draw 1 }', false],
];
for (const [line, want] of indentCases) {
  check(inc.test(line) === want, `increaseIndentPattern ${want ? 'matches' : 'does not match'} ${JSON.stringify(line)}`);
}
check(dec.test('  }') && dec.test('} else {') && !dec.test('  draw 1'), 'decreaseIndentPattern matches lines starting with }');
check(foldStart.test('card "X" 1-001H {') && foldStart.test('  if x { // c') && !foldStart.test('  } else {') &&
  !foldStart.test('  gains ability { auto: draw 1 }'), 'folding start marker: lines ending in {');
check(foldEnd.test('  }') && foldEnd.test('} // end') && !foldEnd.test('  } else {'), 'folding end marker: lines that are only }');

// Snippets: placeholders must be balanced (`}` inside a placeholder is escaped as `\}`).
const snippets = readJson('snippets/cardscript.json');
for (const [name, s] of Object.entries(snippets)) {
  const body = [].concat(s.body).join('\n');
  let depth = 0, ok = true;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\') { i++; continue; }
    if (body[i] === '$' && body[i + 1] === '{') { depth++; i++; } else if (body[i] === '}' && depth > 0) depth--;
  }
  if (depth !== 0) ok = false;
  check(ok && typeof s.prefix === 'string' && s.prefix.length > 0, `snippet "${name}" is well formed`);
}
for (const kind of ['card', 'keyword', 'field', 'auto', 'action', 'special', 'summon']) {
  check(Object.values(snippets).some((s) => s.prefix === kind), `snippet with prefix ${kind}`);
}

// Every regex of the grammar compiles with Oniguruma.
const grammarPath = path.join(EXT, grammars[0].path);
const rawGrammar = JSON.parse(fs.readFileSync(grammarPath, 'utf8'));
const deckGrammarPath = path.join(EXT, grammars[1].path);
const rawDeckGrammar = JSON.parse(fs.readFileSync(deckGrammarPath, 'utf8'));

// The repository's files ending in `ending` under the folders `dirs` (those present), searched recursively.
function repositoryFiles(dirs, ending) {
  const found = [];
  for (const dir of dirs) {
    const root = path.join(REPO, dir);
    if (!fs.existsSync(root)) continue;
    (function walk(d) {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith(ending)) found.push(p);
      }
    })(root);
  }
  return found;
}

// ------------------------------------------------------------------ tokenizer
async function main() {
  const wasm = fs.readFileSync(path.join(path.dirname(require.resolve('vscode-oniguruma', {
    paths: [process.cwd(), __dirname] })), 'onig.wasm'));
  await onig.loadWASM(wasm.buffer);
  const onigLib = Promise.resolve({
    createOnigScanner: (p) => new onig.OnigScanner(p),
    createOnigString: (s) => new onig.OnigString(s),
  });

  (function walk(node, where) {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}[${i}]`));
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (['match', 'begin', 'end', 'while'].includes(k) && typeof v === 'string') {
        let ok = true;
        try { new onig.OnigScanner([v]).dispose(); } catch (e) { ok = false; }
        check(ok, `regex compiles: ${where}.${k}`);
      } else walk(v, `${where}.${k}`);
    }
  })({ grammar: rawGrammar, deck: rawDeckGrammar }, 'grammars');

  const registry = new vsctm.Registry({
    onigLib,
    loadGrammar: async (scope) => {
      const file = { 'source.cardscript': grammarPath, 'source.cardscript-deck': deckGrammarPath }[scope];
      return file ? vsctm.parseRawGrammar(fs.readFileSync(file, 'utf8'), file) : null;
    },
  });
  const cardGrammar = await registry.loadGrammar('source.cardscript');
  const deckGrammar = await registry.loadGrammar('source.cardscript-deck');

  // Returns [{ text, line, tokens: [{ text, scopes }] }] and the final rule-stack depth.
  function tokenize(source, grammar = cardGrammar) {
    let stack = vsctm.INITIAL;
    const lines = source.split(/\r?\n/).map((text) => {
      const r = grammar.tokenizeLine(text, stack);
      stack = r.ruleStack;
      return { text, tokens: r.tokens.map((t) => ({ text: text.slice(t.startIndex, t.endIndex), scopes: t.scopes })) };
    });
    return { lines, depth: stack.depth };
  }

  const argv = process.argv.slice(2);
  if (argv[0] === '--dump') {
    for (const file of argv.slice(1)) {
      for (const l of tokenize(fs.readFileSync(file, 'utf8'), file.endsWith('.deck') ? deckGrammar : cardGrammar).lines) {
        console.log('## ' + l.text);
        for (const t of l.tokens) console.log('   ' + JSON.stringify(t.text).padEnd(30) + ' ' + t.scopes.slice(1).join(' '));
      }
    }
    return;
  }

  // ---------------------------------------------------------------- sample.card
  const sample = tokenize(fs.readFileSync(path.join(__dirname, 'sample.card'), 'utf8'));
  check(sample.depth === 1, 'sample.card: every begin/end rule is closed at the end of the file');

  // The first line that contains `lineHas`, then its n-th token whose text is `text`.
  function scopesOf(lineHas, text, n = 0) {
    const line = sample.lines.find((l) => l.text.includes(lineHas));
    if (!line) return null;
    const toks = line.tokens.filter((t) => t.text === text);
    return toks[n] ? toks[n].scopes : null;
  }
  // `has(lineHas, text, scope)`: the token carries `scope` (exactly, as one of its scopes).
  function has(lineHas, text, scope, n = 0) {
    const s = scopesOf(lineHas, text, n);
    check(s && s.includes(scope), `${JSON.stringify(text)} in ${JSON.stringify(lineHas)} has ${scope}` +
      (s ? '' : ' (token not found)') + (s && !s.includes(scope) ? `; got ${s.slice(1).join(' ')}` : ''));
  }
  function hasNot(lineHas, text, scopePrefix, n = 0) {
    const s = scopesOf(lineHas, text, n);
    check(s && !s.some((x) => x.startsWith(scopePrefix)), `${JSON.stringify(text)} in ${JSON.stringify(lineHas)} has no ${scopePrefix}` +
      (s ? `; got ${s.slice(1).join(' ')}` : ' (token not found)'));
  }
  function lineHasNoScope(lineHas, scopePrefix) {
    const line = sample.lines.find((l) => l.text.includes(lineHas));
    check(line && line.tokens.every((t) => t.scopes.every((x) => !x.startsWith(scopePrefix))),
      `line ${JSON.stringify(lineHas)} has no ${scopePrefix}`);
  }

  // comments
  has('/// 1-015L Jecht', '///', 'comment.line.documentation.cardscript');
  has('/// 1-015L Jecht', '///', 'punctuation.definition.comment.cardscript');
  has('/// A doc comment on an ability.', '///', 'comment.line.documentation.cardscript');
  has('// a plain comment: not an ability', '//', 'comment.line.double-slash.cardscript');
  lineHasNoScope('// a plain comment: not an ability', 'meta.ability.header');
  // items
  has('game fftcg', 'game', 'keyword.declaration.item.cardscript');
  has('game fftcg', 'fftcg', 'entity.name.namespace.game.cardscript');
  has('card "Jecht" 1-015L {', 'card', 'keyword.declaration.item.cardscript');
  has('card "Jecht" 1-015L {', 'Jecht', 'entity.name.type.card.cardscript');
  has('card "Jecht" 1-015L {', '"', 'punctuation.definition.string.begin.cardscript');
  has('card "Jecht" 1-015L {', '1-015L', 'constant.other.card-code.cardscript');
  has('card "Alexander" 1-061R {', '1-061R', 'constant.other.card-code.cardscript');
  has('card "Estelle" PR-003 {', 'PR-003', 'constant.other.card-code.cardscript');
  has('card "Jecht" 1-015L {', '{', 'punctuation.section.block.begin.cardscript');
  has('keyword Link(', 'keyword', 'keyword.declaration.item.cardscript');
  has('keyword Link(', 'Link', 'entity.name.type.keyword.cardscript');
  has('keyword Link(', 'elements', 'variable.parameter.cardscript');
  has('keyword Link(', 'set', 'storage.modifier.collection.cardscript');
  has('keyword Link(', 'element', 'storage.type.cardscript');
  has('keyword Link(', 'number', 'storage.type.cardscript');
  has('keyword Link(', 'forward', 'entity.other.inherited-class.cardscript');
  has('enum element {', 'enum', 'keyword.declaration.item.cardscript');
  has('enum element {', 'element', 'entity.name.type.enum.cardscript');
  has('enum element {', 'ice', 'variable.other.enummember.cardscript');
  has('kind forward: character', 'kind', 'keyword.declaration.item.cardscript');
  has('kind forward: character', 'forward', 'entity.name.type.kind.cardscript');
  has('kind forward: character', 'character', 'entity.other.inherited-class.cardscript');
  has('property power: number', 'property', 'keyword.declaration.item.cardscript');
  has('property power: number', 'power', 'variable.other.property.cardscript');
  has('property job: list of text', 'text', 'storage.type.cardscript');
  has('ability auto triggered', 'ability', 'keyword.declaration.item.cardscript');
  has('ability auto triggered', 'auto', 'entity.name.type.ability-kind.cardscript');
  has('ability auto triggered', 'triggered', 'storage.modifier.ability-class.cardscript');
  for (const [line, kw] of [
    ['action deal (amount', 'action'], ['rule (target: cards) gains', 'rule'], ['event (subject', 'event'],
    ['predicate (subject', 'predicate'], ['filter in (z: zone)', 'filter'], ['duration until', 'duration'],
    ['cost commit', 'cost'], ['value owner of', 'value'], ['tag once per turn', 'tag'],
    ['zone break_zone', 'zone'], ['player opponent', 'player'], ['symbol dull', 'symbol'], ['procedure draw_cards', 'procedure'],
  ]) has(line, kw, 'keyword.declaration.item.cardscript');
  // template slots `(name: type)`, optional words, outputs
  has('action deal (amount', 'amount', 'variable.parameter.cardscript');
  has('action deal (amount', 'number', 'storage.type.cardscript');
  has('action deal (amount', '(', 'punctuation.section.parens.begin.cardscript');
  has('action deal (amount', 'deal', 'entity.name.function.template.cardscript');
  has('action deal (amount', 'amount', 'meta.slot.cardscript');
  has('rule (target: cards) gains', 'signed', 'storage.type.cardscript');
  has('action draw (n: number) [card]', 'card', 'meta.optional.cardscript');
  has('event (subject', '->', 'keyword.operator.arrow.cardscript');
  has('event (subject', 'amount', 'variable.parameter.cardscript');
  hasNot('filter in (z: zone)', 'in', 'keyword.control');
  hasNot('duration until', 'until', 'keyword.control');
  // strings and numbers
  has('job "Guardian"', 'Guardian', 'string.quoted.double.cardscript');
  has('job "Guardian"', '"', 'punctuation.definition.string.end.cardscript', 1);
  has('power 8000', '8000', 'constant.numeric.integer.cardscript');
  has('field: this gains +1000 power', '+1000', 'constant.numeric.integer.signed.cardscript');
  has('f gains +2/+0', '+2', 'constant.numeric.pair.cardscript');
  has('f gains +2/+0', '/', 'punctuation.separator.pair.cardscript');
  has('f gains +2/+0', '+0', 'constant.numeric.pair.cardscript');
  has('"Power Up" {2}: this gains +2/+0', '+2', 'constant.numeric.pair.cardscript');
  has('it loses -X power', '-', 'keyword.operator.sign.cardscript');
  has('it loses -X power', 'X', 'variable.other.constant.cardscript');
  // cost symbols
  for (const sym of ['s', 'fire', '2', 'dull']) has('special "Ultimate Jecht Shot"', sym, 'constant.other.symbol.cardscript');
  has('special "Ultimate Jecht Shot"', '{', 'punctuation.definition.symbol.begin.cardscript');
  has('action {x}{dull}', 'x', 'constant.other.symbol.cardscript');
  has('action {x}{dull}', 'dull', 'constant.other.symbol.cardscript');
  // ability headers
  for (const [line, kind] of [
    ['field: this gains +1000', 'field'], ['special "Ultimate', 'special'], ['auto [once per turn]', 'auto'],
    ['action {x}{dull}', 'action'], ['summon [exburst]:', 'summon'], ['enhance [once per turn]', 'enhance'],
    ['form: this gains Breaker', 'form'], ['response when this is chosen:', 'response'],
    ['field instead of this', 'field'], ['action [deadlock]', 'action'], ['auto when this enters', 'auto'],
  ]) {
    has(line, kind, 'storage.type.ability.cardscript');
    has(line, kind, 'meta.ability.header.cardscript');
  }
  has('field: this gains +1000', ':', 'punctuation.separator.ability.cardscript');
  has('special "Ultimate', 'Ultimate Jecht Shot', 'entity.name.function.ability.cardscript');
  has('enhance [once per turn] "Power Up"', 'Power Up', 'entity.name.function.ability.cardscript');
  has('auto [once per turn]', 'once per turn', 'entity.other.attribute-name.tag.cardscript');
  has('auto [once per turn]', '[', 'punctuation.definition.tags.begin.cardscript');
  has('summon [exburst]:', 'exburst', 'entity.other.attribute-name.tag.cardscript');
  has('action {x}{dull}, discard 1 card(name "Cloud"):', 'Cloud', 'string.quoted.double.cardscript');
  hasNot('action {x}{dull}, discard 1 card(name "Cloud"):', 'Cloud', 'entity.name.function.ability');
  has('it gains ability { auto when', 'ability', 'keyword.other.ability.cardscript');
  has('it gains ability { auto when', 'auto', 'storage.type.ability.cardscript', 1);
  // characteristic lines and statements are not ability headers
  lineHasNoScope('forward fire cost 5 power 8000', 'meta.ability.header');
  lineHasNoScope('summon wind cost 4', 'meta.ability.header');
  lineHasNoScope('opponent chooses 1 forward', 'meta.ability.header');
  lineHasNoScope('let n = count', 'meta.ability.header');
  hasNot('summon wind cost 4', '  summon wind cost ', 'storage.type');
  hasNot('you may discard 1 card', ' discard ', 'keyword.declaration');
  // trigger words
  has('auto [once per turn] when this attacks:', 'when', 'keyword.control.trigger.cardscript');
  has('auto whenever this blocks', 'whenever', 'keyword.control.trigger.cardscript');
  has('auto after this attacks', 'after', 'keyword.control.trigger.cardscript');
  has('at the end of the turn {', 'at', 'keyword.control.trigger.cardscript');
  has('field instead of this', 'instead of', 'keyword.control.trigger.cardscript');
  has('response when this is chosen:', 'when', 'keyword.control.trigger.cardscript');
  hasNot('this does not dull when attacking', ' dull when attacking', 'keyword.control');
  // control words
  for (const [line, word] of [
    ['if you do {', 'if'], ['} else {', 'else'], ['>= 2 then draw 1', 'then'], ['you may discard', 'may'],
    ['for each f in', 'for'], ['for each f in', 'each'], ['for each f in', 'in'], ['let n = count', 'let'],
    ['mode "Draw"', 'mode'], ['select 1 of {', 'select'], ['choose 1 forward', 'choose'],
    ['opponent chooses 1', 'chooses'], ['elements as e', 'as'], ['until end of turn', 'until'],
    ['while this is dull', 'while'], ['during its controller', 'during'], ['if you do {', 'do'],
  ]) {
    const s = scopesOf(line, word);
    check(s && s.some((x) => x.startsWith('keyword.control.')), `${JSON.stringify(word)} in ${JSON.stringify(line)} is keyword.control.*` +
      (s ? `; got ${s.slice(1).join(' ')}` : ' (token not found)'));
  }
  has('forward(other and not dull)', 'and', 'keyword.operator.logical.cardscript');
  has('forward(other and not dull)', 'not', 'keyword.operator.logical.cardscript');
  has('if it is dull or count', 'or', 'keyword.operator.logical.cardscript');
  has('field: this gains +1000', 'this', 'variable.language.this.cardscript');
  has('break it', 'it', 'variable.language.binding.cardscript');
  // bindings
  has('let n = count', 'n', 'variable.other.declaration.cardscript');
  has('for each f in', 'f', 'variable.other.declaration.cardscript');
  has('elements as e', 'e', 'variable.other.declaration.cardscript');
  has('let n = count', '=', 'keyword.operator.assignment.cardscript');
  has('let n = count', '*', 'keyword.operator.arithmetic.cardscript');
  has('if it is dull or count', '>=', 'keyword.operator.comparison.cardscript');
  // keyword uses and filters
  has('  Brave', 'Brave', 'support.type.keyword.cardscript');
  has('FirstStrike, Link([fire], 3)', 'FirstStrike', 'support.type.keyword.cardscript');
  has('FirstStrike, Link([fire], 3)', 'Link', 'support.type.keyword.cardscript');
  has('form: this gains Breaker(2)', 'Breaker', 'support.type.keyword.cardscript');
  has('this gains [Haste, FirstStrike]', 'Haste', 'support.type.keyword.cardscript');
  has('for each forward(opponent controls)', 'forward', 'entity.name.function.filter.cardscript');

  // Tokenizes each of `files` with `grammar` and calls `lineCheck(line, problem)` on every line, where `problem(what)`
  // records a failure at that line; a file without one is a passed check. `after(rel, lines, depth)`: per file.
  function checkFiles(files, grammar, lineCheck, after = () => {}) {
    for (const file of files.sort()) {
      const rel = path.relative(REPO, file);
      const { lines, depth } = tokenize(fs.readFileSync(file, 'utf8'), grammar);
      let ok = true;
      lines.forEach((l, i) => lineCheck(l, (what) => {
        ok = false;
        failures.push(`${rel}:${i + 1}: ${what}: ${l.text}`);
      }));
      if (ok) passed++;
      after(rel, lines, depth);
    }
  }

  // ---------------------------------------------------------------- the repository's .card files
  const realFiles = repositoryFiles(['cards', 'std-abilities'], '.card');
  const ITEM = /^\s*(game|card|keyword|enum|kind|property|action|rule|event|predicate|filter|duration|cost|value|tag|zone|player|symbol|procedure|ability)\b/;
  const perDir = {};
  let items = 0; // the current file's top-level items
  checkFiles(realFiles, cardGrammar, (l, problem) => {
    const first = l.tokens.find((t) => t.text.trim() !== '');
    const topLevel = first && !first.scopes.some((s) => s.startsWith('meta.block'));
    if (topLevel && ITEM.test(l.text)) {
      items++;
      if (!first.scopes.includes('keyword.declaration.item.cardscript')) problem('item keyword not highlighted');
    }
    if (/^card\s+"[^"]*"\s+\S+\s*\{/.test(l.text) &&
        !l.tokens.some((t) => t.scopes.includes('constant.other.card-code.cardscript'))) {
      problem('card code not highlighted');
    }
    if (topLevel && l.tokens.some((t) => t.scopes.includes('storage.type.ability.cardscript'))) {
      problem('ability header outside a body');
    }
  }, (rel, lines, depth) => {
    check(depth === 1, `${rel}: every begin/end rule is closed at the end of the file`);
    const dir = path.dirname(rel);
    perDir[dir] = perDir[dir] || { files: 0, lines: 0, items: 0 };
    perDir[dir].files++;
    perDir[dir].lines += lines.length;
    perDir[dir].items += items;
    items = 0;
  });
  for (const [dir, n] of Object.entries(perDir)) {
    console.log(`  ${dir}: ${n.files} files, ${n.lines} lines, ${n.items} top-level items`);
  }

  // ---------------------------------------------------------------- .deck lists
  const deckLine = (text) => tokenize(text, deckGrammar).lines[0].tokens;
  const deckHas = (text, tokenText, scope) => {
    const t = deckLine(text).find((x) => x.text === tokenText);
    check(t && t.scopes.includes(scope), `deck line ${JSON.stringify(text)}: ${JSON.stringify(tokenText)} has ${scope}` +
      (t ? `; got ${t.scopes.slice(1).join(' ')}` : ' (token not found)'));
  };
  deckHas('deck "Fire Ice Sealed" fftcg limited', 'deck', 'keyword.declaration.deck.cardscript-deck');
  deckHas('deck "Fire Ice Sealed" fftcg limited', 'Fire Ice Sealed', 'entity.name.type.deck.cardscript-deck');
  deckHas('deck "Fire Ice Sealed" fftcg limited', 'fftcg', 'entity.name.namespace.game.cardscript-deck');
  deckHas('deck "Fire Ice Sealed" fftcg limited', 'limited', 'support.constant.format.cardscript-deck');
  deckHas('3 1-009C Cloud // the finisher', '3', 'constant.numeric.integer.count.cardscript-deck');
  deckHas('3 1-009C Cloud // the finisher', '1-009C', 'constant.other.card-code.cardscript-deck');
  deckHas('3 1-009C Cloud // the finisher', ' Cloud', 'entity.name.type.card.cardscript-deck');
  deckHas('3 1-009C Cloud // the finisher', '//', 'punctuation.definition.comment.cardscript-deck');
  deckHas('4 "Estelle Bright [Sky Bracer]"', 'Estelle Bright [Sky Bracer]', 'entity.name.type.card.cardscript-deck');
  const realDecks = repositoryFiles(['cards', 'tests'], '.deck');
  // Every line of a deck list is a comment, the deck line or an entry, each with its count and card.
  checkFiles(realDecks, deckGrammar, (l, problem) => {
    const scoped = (part) => l.tokens.some((t) => t.scopes.some((x) => x.startsWith(part)));
    const meant = l.text.trim() === '' || /^\s*\/\//.test(l.text) ? true
      : /^\s*deck\b/.test(l.text) ? scoped('keyword.declaration.deck')
        : /^\s*[0-9]+\s+\S/.test(l.text) ? scoped('constant.numeric.integer.count') && (scoped('constant.other.card-code') || scoped('entity.name.type.card'))
          : true;
    if (!meant) problem('deck line not highlighted');
  });
  console.log(`  .deck lists: ${realDecks.length} files`);

  // ---------------------------------------------------------------- summary
  for (const f of failures) console.log('FAIL ' + f);
  console.log(`${passed} checks passed, ${failures.length} failed` +
    ` (sample.card + ${realFiles.length} repository .card files)`);
  process.exitCode = failures.length ? 1 : 0;
}

main().catch((e) => { console.error(e); process.exit(1); });
