// Monotable explorer: plain JavaScript, no build step, no library. Everything it shows comes from
// the local service's own endpoints under /_local/explorer/ (the kit's declarations and one table);
// it never talks to DynamoDB itself. Item values stay the strings DynamoDB JSON carries, so a
// number is shown with every digit. Text from the table is only ever set as textContent.
'use strict';

const API = '/_local/explorer/';
const state = { domain: null, table: null, model: null, lastRun: null, item: null, raw: false, liveAfter: 0, liveTimer: null, views: [] };

// ---------------------------------------------------------------------------------------------
// small helpers

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.substring(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

function $(id) { return document.getElementById(id); }

function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }

async function get(endpoint, params) {
  const q = new URLSearchParams();
  q.set('domain', state.domain || '');
  q.set('table', state.table || '');
  for (const [k, v] of Object.entries(params || {})) {
    if (Array.isArray(v)) v.forEach(x => q.append(k, x));
    else if (v !== null && v !== undefined) q.set(k, v);
  }
  const r = await fetch(API + endpoint + '?' + q.toString());
  const body = await r.json();
  if (!r.ok) {
    const err = new Error(body.error ? body.error.message : ('HTTP ' + r.status));
    err.status = r.status;
    err.body = body;
    throw err;
  }
  return body;
}

function status(text) { $('status').textContent = text || ''; }

function showError(id, err) {
  const box = $(id);
  if (!err) { box.hidden = true; box.textContent = ''; return; }
  box.hidden = false;
  const field = err.body && err.body.error && err.body.error.field ? ' (' + err.body.error.field + ')' : '';
  const sent = err.body && typeof err.body.requestCount === 'number'
    ? ' Requests made: ' + err.body.requestCount + '.' : '';
  box.textContent = (err.status ? err.status + ': ' : '') + err.message + field + sent;
}

// Entity colours: one hue per entity Type (its place in the domain's charts), the same in every view.
function hue(i) { return (i * 137.508 + 200) % 360; }
function tint(i) { return i < 0 ? '#eceff2' : 'hsl(' + hue(i).toFixed(0) + ', 70%, 91%)'; }
function edge(i) { return i < 0 ? '#6b7480' : 'hsl(' + hue(i).toFixed(0) + ', 65%, 32%)'; }

function chip(label, colour, attrs, tag) {
  const c = el(tag || 'span', Object.assign({ class: 'chip' }, attrs || {}), label);
  c.style.background = tint(colour);
  c.style.borderColor = edge(colour);
  return c;
}

// One attribute value of DynamoDB JSON as text: numbers exactly as stored.
function valueText(v) {
  if (v === null || v === undefined) return '';
  if ('S' in v) return v.S;
  if ('N' in v) return v.N;
  if ('BOOL' in v) return String(v.BOOL);
  if ('NULL' in v) return 'null';
  if ('M' in v) return '{' + Object.entries(v.M).map(([k, x]) => k + ': ' + valueText(x)).join(', ') + '}';
  if ('L' in v) return '[' + v.L.map(valueText).join(', ') + ']';
  if ('SS' in v) return v.SS.join(', ');
  if ('NS' in v) return v.NS.join(', ');
  if ('B' in v) return v.B + ' (binary, base64)';
  return JSON.stringify(v);
}

function typeOf(v) { return v ? Object.keys(v)[0] : ''; }

// ---------------------------------------------------------------------------------------------
// tabs: arrow keys move between them, Home/End jump, the panel follows the selected tab

const tabs = () => Array.from(document.querySelectorAll('[role=tab]'));

function select(tab, focus) {
  for (const t of tabs()) {
    const on = t === tab;
    t.setAttribute('aria-selected', on ? 'true' : 'false');
    t.tabIndex = on ? 0 : -1;
    $(t.getAttribute('aria-controls')).hidden = !on;
  }
  if (focus) tab.focus();
  onShow(tab.id);
}

function onTabKey(e) {
  const all = tabs();
  const i = all.indexOf(e.target);
  let next = null;
  if (e.key === 'ArrowRight') next = all[(i + 1) % all.length];
  else if (e.key === 'ArrowLeft') next = all[(i - 1 + all.length) % all.length];
  else if (e.key === 'Home') next = all[0];
  else if (e.key === 'End') next = all[all.length - 1];
  if (next) { e.preventDefault(); select(next, true); }
}

function onShow(id) {
  // On AWS a Scan costs read units: the counts wait for the button there.
  if (id === 'tab-entities' && !$('entities').dataset.loaded && !state.aws) loadEntities();
  if (id === 'tab-live') startLive(); else stopLive();
  const view = state.views.find(v => v.tab === id);
  if (view) loadView(view);
}

// ---------------------------------------------------------------------------------------------
// start: domains, tables, model

async function init() {
  for (const t of tabs()) {
    t.addEventListener('click', () => select(t, false));
    t.addEventListener('keydown', onTabKey);
  }
  const d = await get('domains');
  const domain = $('domain');
  for (const x of d.domains) domain.append(el('option', { value: x.id, text: x.name }));
  domain.value = d.domain;
  const table = $('table');
  const tables = d.tables.includes(d.table) ? d.tables : [d.table].concat(d.tables);
  for (const t of tables) table.append(el('option', { value: t, text: t }));
  table.value = d.table;
  $('endpoint').textContent = 'at ' + d.endpoint;
  state.aws = d.endpoint.startsWith('AWS');
  if (state.aws) $('entities-refresh').textContent = 'Count (scans the table)';
  state.domain = d.domain;
  state.table = d.table;
  addViews(d.views || []);
  domain.addEventListener('change', () => { state.domain = domain.value; reload(); });
  table.addEventListener('change', () => { state.table = table.value; reload(); });
  $('entities-refresh').addEventListener('click', loadEntities);
  $('collection-form').addEventListener('submit', () => showCollection());
  $('ap').addEventListener('change', patternChosen);
  $('ap-sample').addEventListener('click', useSample);
  $('ap-form').addEventListener('submit', () => runPattern(null));
  $('q-form').addEventListener('submit', () => runQuery(null));
  $('q-pk').addEventListener('input', scanWarning);
  $('item-form').addEventListener('submit', () => loadItem($('item-pk').value, $('item-sk').value));
  $('raw-toggle').addEventListener('click', toggleRaw);
  await reload();
}

async function reload() {
  status('Loading ' + state.domain + ' on ' + state.table + '...');
  state.model = await get('model');
  delete $('entities').dataset.loaded;
  clear($('collection'));
  clear($('result'));
  clear($('item'));
  clear($('live'));
  state.liveAfter = 0;
  buildFacets();
  buildPatterns();
  buildQuery();
  status(state.model.name + ': ' + state.model.entities.length + ' entity charts, ' + state.model.indexes.length
    + ' key sets (table and ' + (state.model.indexes.length - 1) + ' indexes), ' + state.model.patterns.length
    + ' access patterns.');
  const selected = tabs().find(t => t.getAttribute('aria-selected') === 'true');
  onShow(selected.id);
}

function colourOf(type) { return state.model.types.indexOf(type); }

// ---------------------------------------------------------------------------------------------
// Entities

async function loadEntities() {
  const box = clear($('entities'));
  box.dataset.loaded = 'yes';
  box.append(el('p', { class: 'muted', text: 'Counting (a Scan of the table)...' }));
  let e;
  try {
    e = await get('entities');
  } catch (err) {
    clear(box).append(el('p', { class: 'error', role: 'alert', text: err.message }));
    return;
  }
  clear(box);
  box.append(el('p', { class: 'warning', text: e.scan.note + ': ' + e.scan.scannedCount + ' items read in '
    + e.scan.requests + ' request(s)' + (e.scan.truncated ? ', stopped early: counts are partial' : '') + '.' }));
  const cards = el('div', { class: 'cards' });
  for (const ent of e.entities) {
    const chart = state.model.entities.find(c => c.label === ent.label);
    const card = el('article', { class: 'card', 'data-entity': ent.label });
    card.style.borderLeftColor = edge(ent.colour);
    card.append(el('h3', {}, chip(ent.label, ent.colour), ' ',
      el('span', { class: 'count', text: ent.count + (ent.count === 1 ? ' item' : ' items') })));
    card.append(el('div', { class: 'muted', text: 'size: ' + ent.avgBytes + ' B average, ' + ent.maxBytes + ' B largest, '
      + ent.bytes + ' B in all' }));
    if (chart) {
      const t = el('table', {}, el('tr', {}, el('th', { text: 'key' }), el('th', { text: 'template' })));
      for (const [k, v] of Object.entries(chart.keys)) t.append(el('tr', {}, el('td', { text: k }), el('td', { class: 'mono', text: v })));
      card.append(t);
      if (chart.absentFrom.length) card.append(el('div', { class: 'muted', text: 'not in ' + chart.absentFrom.join(', ') + ' (sparse)' }));
      if (chart.selector !== 'always') card.append(el('div', { class: 'muted', text: 'variant: ' + chart.selector }));
    }
    if (ent.examples.length) {
      const ul = el('ul', { class: 'examples', 'aria-label': 'example items' });
      for (const k of ent.examples) {
        ul.append(el('li', {},
          el('button', { type: 'button', class: 'link', title: 'open the partition in Collections',
            onclick: () => openCollection(k.PK, 'table') }, k.PK),
          ' / ',
          el('button', { type: 'button', class: 'link', title: 'open the item',
            onclick: () => openItem(k.PK, k.SK) }, k.SK)));
      }
      card.append(el('div', { class: 'muted', text: 'examples: partition / item' }), ul);
    }
    cards.append(card);
  }
  box.append(cards);
}

// ---------------------------------------------------------------------------------------------
// Collections

function buildFacets() {
  const box = clear($('facets'));
  for (const ix of state.model.indexes) {
    box.append(el('button', { type: 'button', class: 'facet', 'data-facet': ix.name, 'aria-pressed': ix.name === 'table' ? 'true' : 'false',
      title: ix.pk + ' / ' + ix.sk + ': ' + (ix.purpose || ''), onclick: () => { setFacet(ix.name); if ($('coll-pk').value) showCollection(); } }, ix.name));
  }
}

function facet() {
  const on = document.querySelector('#facets [aria-pressed=true]');
  return on ? on.dataset.facet : 'table';
}

function setFacet(name) {
  for (const b of document.querySelectorAll('#facets button')) b.setAttribute('aria-pressed', b.dataset.facet === name ? 'true' : 'false');
}

function openCollection(pk, facetName) {
  $('coll-pk').value = pk;
  setFacet(facetName || 'table');
  select($('tab-collections'), true);
  showCollection();
}

async function showCollection() {
  showError('coll-error', null);
  const box = clear($('collection'));
  let r;
  try {
    r = await get('query', { index: facet(), pk: $('coll-pk').value, limit: '200' });
  } catch (err) {
    showError('coll-error', err);
    return;
  }
  const ix = state.model.indexes.find(i => i.name === r.facet);
  box.append(requestBox(r.requests[0]));
  box.append(stats([['items', r.items.length], ['Count', r.count], ['ScannedCount', r.scannedCount],
    ['capacity', capacityText(r.consumedCapacity)], ['latency', r.latencyMs + ' ms']]));
  if (r.facet === 'table') {
    const ul = el('ul', { class: 'index-summary' });
    for (const s of r.indexSummary) {
      ul.append(el('li', {}, s.index + ' holds ' + s.holds + ' of these ' + r.items.length + ' items'
        + (s.leavesOut.length ? '; leaves out: ' + s.leavesOut.join(', ') : '')));
    }
    box.append(el('h3', { text: 'Which index holds which item' }), ul);
  } else {
    box.append(el('p', { class: 'muted', text: r.facet + ' holds only the items that carry ' + ix.pk
      + '; entities it leaves out: ' + (state.model.entities.filter(c => c.absentFrom.includes(r.facet)).map(c => c.label).join(', ') || 'none') + '.' }));
  }
  const lanes = el('div', { class: 'lanes', id: 'lanes' });
  const byLane = new Map();
  for (const it of r.items) {
    if (!byLane.has(it.lane)) byLane.set(it.lane, []);
    byLane.get(it.lane).push(it);
  }
  for (const [lane, items] of byLane) {
    const row = el('div', { class: 'lane', 'data-lane': lane });
    row.append(el('div', { class: 'lane-name' }, (ix ? ix.sk : 'SK') + ' = ' + lane, el('br'), el('span', { class: 'muted', text: items.length + ' item(s)' })));
    const cell = el('div', {});
    for (const it of items) {
      const skName = ix ? ix.sk : 'SK';
      const sk = it.keys[skName] || '';
      const inIx = Object.entries(it.inIndexes).filter(([, v]) => v).map(([k]) => k);
      cell.append(chip(it.label + ' ' + sk, it.colour, { type: 'button', 'data-sk': sk,
        title: 'in ' + (inIx.length ? inIx.join(', ') : 'no index') + '; open the item',
        onclick: () => openItem(it.keys.PK, it.keys.SK) }, 'button'));
    }
    row.append(cell);
    lanes.append(row);
  }
  if (!r.items.length) lanes.append(el('p', { class: 'muted', text: 'No item in this partition of ' + r.facet + '.' }));
  box.append(lanes);
  if (r.nextCursor) box.append(el('p', { class: 'muted', text: 'More items in this partition than shown.' }));
}

// ---------------------------------------------------------------------------------------------
// Access patterns

function buildPatterns() {
  const ap = clear($('ap'));
  for (const p of state.model.patterns) {
    ap.append(el('option', { value: p.name, text: p.name + ' ' + p.description + (p.runnable ? '' : ' (' + (p.read ? 'not wired' : 'write') + ')') }));
  }
  const first = state.model.patterns.find(p => p.runnable);
  if (first) ap.value = first.name;
  patternChosen();
}

function currentPattern() { return state.model.patterns.find(p => p.name === $('ap').value); }

function patternChosen() {
  const p = currentPattern();
  const params = clear($('ap-params'));
  showError('ap-error', null);
  if (!p) return;
  $('ap-description').textContent = p.operation + (p.index ? ' on ' + p.index : ' on the table') + ': ' + p.keyCondition;
  const warn = $('ap-warning');
  warn.hidden = p.runnable;
  warn.textContent = p.runnable ? '' : (p.why || 'not runnable');
  for (const name of p.params) {
    params.append(el('label', {}, name, el('input', { id: 'param-' + name, 'data-param': name, size: 22, autocomplete: 'off' })));
  }
  useSample();
}

function useSample() {
  const p = currentPattern();
  if (!p || !p.sample) return;
  p.params.forEach((name, i) => { $('param-' + name).value = p.sample.params[i] || ''; });
  $('ap-caller').value = p.sample.caller || '';
}

async function runPattern(cursor) {
  const p = currentPattern();
  showError('ap-error', null);
  const box = clear($('result'));
  const values = p ? p.params.map(name => $('param-' + name).value) : [];
  let r;
  try {
    r = await get('run', { ap: $('ap').value, p: values, caller: $('ap-caller').value, limit: $('ap-limit').value, cursor: cursor });
  } catch (err) {
    showError('ap-error', err);
    return;
  }
  state.lastRun = r;
  box.append(el('h3', { text: r.pattern.name + ' ' + r.pattern.description }));
  box.append(el('p', { class: 'declared', text: 'declared: ' + r.pattern.operation + (r.pattern.index ? ' on ' + r.pattern.index : '') + ': ' + r.pattern.keyCondition }));
  for (const w of r.warnings) box.append(el('p', { class: 'warning', text: w }));
  for (const req of r.requests) box.append(requestBox(req));
  box.append(stats([['items', r.items.length], ['Count', r.count], ['ScannedCount', r.scannedCount],
    ['requests', r.requestCount + ' of ' + r.budget + ' allowed'], ['capacity', r.capacityUnits + ' units'],
    ['latency', r.latencyMs + ' ms']]));
  if (r.problems.length) box.append(el('p', { class: 'error', text: r.problems.join('; ') }));
  box.append(itemsTable(r.items, 'result-items'));
  box.append(cursorLine(r.nextCursor, () => runPattern(r.nextCursor)));
}

function scanWarning() {
  const w = $('q-warning');
  const empty = !$('q-pk').value.trim();
  w.hidden = !empty;
  w.textContent = empty ? 'Without a partition key this read would be a Scan of the whole table: the explorer will not send it.' : '';
}

function buildQuery() {
  const ix = clear($('q-index'));
  for (const i of state.model.indexes) ix.append(el('option', { value: i.name, text: i.name + ' (' + i.pk + ', ' + i.sk + ')' }));
  const op = $('q-op');
  while (op.options.length > 1) op.remove(1);
  for (const o of state.model.sortOperators) op.append(el('option', { value: o, text: o === 'between' ? 'BETWEEN' : o }));
  scanWarning();
}

async function runQuery(cursor) {
  showError('ap-error', null);
  const box = clear($('result'));
  let r;
  try {
    r = await get('query', { index: $('q-index').value, pk: $('q-pk').value, op: $('q-op').value, v1: $('q-v1').value,
      v2: $('q-v2').value, desc: $('q-desc').checked ? 'true' : 'false', limit: $('q-limit').value, cursor: cursor });
  } catch (err) {
    showError('ap-error', err);
    return;
  }
  box.append(el('h3', { text: 'Query of ' + r.facet }));
  for (const req of r.requests) box.append(requestBox(req));
  box.append(stats([['items', r.items.length], ['Count', r.count], ['ScannedCount', r.scannedCount],
    ['capacity', capacityText(r.consumedCapacity)], ['latency', r.latencyMs + ' ms']]));
  box.append(itemsTable(r.items, 'result-items'));
  box.append(cursorLine(r.nextCursor, () => runQuery(r.nextCursor)));
}

function cursorLine(cursor, follow) {
  const line = el('div', { class: 'row', id: 'cursor-line' });
  if (cursor) {
    line.append(el('span', { class: 'muted', text: 'next page cursor: ' }), el('code', { id: 'next-cursor', class: 'mono', text: cursor.length > 60 ? cursor.substring(0, 57) + '...' : cursor, title: cursor }),
      el('button', { type: 'button', id: 'next-page', onclick: follow }, 'Next page'));
  } else {
    line.append(el('span', { class: 'muted', id: 'last-page', text: 'last page: no cursor' }));
  }
  return line;
}

function capacityText(c) {
  if (!c) return 'not reported';
  let t = (c.capacityUnits === null ? '?' : c.capacityUnits) + ' units';
  const parts = [];
  if (c.table !== null && c.table !== undefined) parts.push('table ' + c.table);
  for (const [k, v] of Object.entries(c.indexes || {})) parts.push(k + ' ' + v);
  return parts.length ? t + ' (' + parts.join(', ') + ')' : t;
}

function requestBox(req) {
  const dl = el('dl');
  const add = (k, v) => { if (v !== null && v !== undefined && v !== '') dl.append(el('dt', { text: k }), el('dd', { text: String(v) })); };
  add('operation', req.operation);
  add('table', req.table);
  add('index', req.index || (req.operation === 'Query' ? '(table)' : null));
  add('key condition', req.keyCondition);
  add('as sent', req.resolved);
  add('filter', req.resolvedFilter);
  if (req.operation === 'Query') add('order', req.scanIndexForward ? 'ascending' : 'descending (ScanIndexForward=false)');
  add('Limit', req.limit);
  if (req.exclusiveStartKey) add('ExclusiveStartKey', JSON.stringify(req.exclusiveStartKey));
  add('Count', req.count);
  add('ScannedCount', req.scannedCount);
  add('ConsumedCapacity', req.consumedCapacity === undefined ? null : capacityText(req.consumedCapacity));
  add('LastEvaluatedKey', req.lastEvaluatedKey ? JSON.stringify(req.lastEvaluatedKey) : (req.operation === 'Query' ? 'none' : null));
  add('time', req.millis + ' ms');
  add('error', req.error);
  return el('div', { class: 'request', 'data-operation': req.operation }, dl);
}

function stats(pairs) {
  const s = el('div', { class: 'stats' });
  for (const [k, v] of pairs) s.append(el('div', { 'data-stat': k }, el('strong', { text: k + ' ' }), String(v)));
  return s;
}

// Every attribute of every item is a column (not only the first item's).
function itemsTable(items, id) {
  if (!items.length) return el('p', { class: 'muted', id: id, text: 'No items.' });
  const first = ['PK', 'SK', 'Type'];
  const names = new Set();
  for (const it of items) Object.keys(it.item).forEach(n => { if (!first.includes(n)) names.add(n); });
  const cols = first.concat(Array.from(names).sort());
  const t = el('table', { id: id });
  t.append(el('tr', {}, el('th', { text: 'entity' }), ...cols.map(c => el('th', { text: c }))));
  for (const it of items) {
    const tr = el('tr', { class: 'clickable', tabindex: '0', title: 'open the item', 'data-pk': it.keys.PK, 'data-sk': it.keys.SK });
    tr.addEventListener('click', () => openItem(it.keys.PK, it.keys.SK));
    tr.addEventListener('keydown', e => { if (e.key === 'Enter') openItem(it.keys.PK, it.keys.SK); });
    const c = el('td', {}, chip(it.label, it.colour));
    tr.append(c, ...cols.map(n => el('td', { class: 'mono', text: valueText(it.item[n]) })));
    t.append(tr);
  }
  return t;
}

// ---------------------------------------------------------------------------------------------
// Items

function openItem(pk, sk) {
  $('item-pk').value = pk;
  $('item-sk').value = sk || '';
  select($('tab-items'), true);
  loadItem(pk, sk);
}

async function loadItem(pk, sk) {
  showError('item-error', null);
  const box = clear($('item'));
  let r;
  try {
    r = await get('item', { pk: pk, sk: sk });
  } catch (err) {
    showError('item-error', err);
    return;
  }
  state.item = r;
  const left = el('div', {});
  left.append(el('h3', {}, chip(r.label, r.colour), ' ', el('span', { class: 'muted', text: r.size + ' B' })));
  const t = el('table', { id: 'attributes' });
  t.append(el('tr', {}, el('th', { text: 'attribute' }), el('th', { text: 'type' }), el('th', { text: 'value' })));
  for (const [name, v] of Object.entries(r.item)) {
    t.append(el('tr', { 'data-attribute': name }, el('td', { text: name }), el('td', { text: typeOf(v) }), el('td', { class: 'mono', text: valueText(v) })));
  }
  t.hidden = state.raw;
  left.append(t);
  const raw = el('pre', { id: 'raw-json', class: 'mono', text: JSON.stringify(r.item, null, 2) });
  raw.hidden = !state.raw;
  left.append(raw);
  for (const req of r.requests || []) left.append(requestBox(req));
  const right = el('div', { id: 'chart-row' });
  right.append(el('h3', { text: 'Entity chart' }));
  if (r.chart) {
    const ct = el('table', {}, el('tr', {}, el('th', { text: 'key' }), el('th', { text: 'template' }), el('th', { text: 'this item' })));
    for (const [k, tpl] of Object.entries(r.chart.keys)) {
      ct.append(el('tr', {}, el('td', { text: k }), el('td', { class: 'mono', text: tpl }), el('td', { class: 'mono', text: valueText(r.item[k]) })));
    }
    right.append(ct);
    if (r.chart.absentFrom.length) right.append(el('p', { class: 'muted', text: 'not in ' + r.chart.absentFrom.join(', ') }));
    const at = el('table', {}, el('tr', {}, el('th', { text: 'attribute' }), el('th', { text: 'type' }), el('th', { text: 'required' }), el('th', { text: 'changes' })));
    for (const a of r.chart.attributes) at.append(el('tr', {}, el('td', { text: a.name }), el('td', { text: a.type }), el('td', { text: a.required ? 'yes' : 'no' }), el('td', { text: a.mutability })));
    right.append(at);
  } else {
    right.append(el('p', { class: 'muted', text: 'No chart of this domain describes the item.' }));
  }
  const verdict = el('div', { id: 'verdict' });
  if (r.verdict.valid) verdict.append(el('p', { class: 'ok', text: 'Valid: the item matches its chart (ModelValidator).' }));
  else {
    verdict.append(el('p', { class: 'bad', text: r.verdict.violations.length + ' violation(s) of the chart (ModelValidator):' }));
    const ul = el('ul');
    for (const v of r.verdict.violations) ul.append(el('li', { text: v.kind + (v.attribute ? ' ' + v.attribute : '') + ': ' + v.message }));
    verdict.append(ul);
  }
  right.append(verdict);
  box.append(left, right);
}

function toggleRaw() {
  state.raw = !state.raw;
  $('raw-toggle').setAttribute('aria-pressed', state.raw ? 'true' : 'false');
  if ($('attributes')) $('attributes').hidden = state.raw;
  if ($('raw-json')) $('raw-json').hidden = !state.raw;
}

// ---------------------------------------------------------------------------------------------
// Live

function startLive() {
  if (state.liveTimer) return;
  const tick = async () => {
    try {
      const r = await get('live', { after: String(state.liveAfter) });
      $('live-note').textContent = r.note || ('stream of ' + r.table);
      const list = $('live');
      for (const e of r.events) {
        const keys = e.keys.PK + ' / ' + e.keys.SK;
        list.prepend(el('li', { 'data-event': e.eventName, 'data-type': e.type || '', 'data-id': String(e.id) }, el('span', { class: 'mono', text: (e.time || '') + ' ' }),
          el('strong', { text: e.eventName + (e.byTtl ? ' (TTL)' : '') + ' ' }), chip(e.label, e.colour), ' ', el('span', { class: 'mono', text: keys }),
          e.changed.length ? el('span', { class: 'muted', text: ' changed: ' + e.changed.join(', ') }) : null));
      }
      while (list.children.length > 200) list.lastChild.remove();
      state.liveAfter = r.last;
    } catch (err) {
      $('live-note').textContent = err.message;
    }
  };
  tick();
  state.liveTimer = setInterval(tick, 1000);
}

function stopLive() {
  if (state.liveTimer) clearInterval(state.liveTimer);
  state.liveTimer = null;
}

// ---------------------------------------------------------------------------------------------
// Views added by other local pages: a tab each, drawing the rows their endpoint answers.

function addViews(views) {
  views.forEach((v, i) => {
    const id = 'tab-view-' + i;
    const tab = el('button', { role: 'tab', id: id, 'aria-controls': 'panel-view-' + i, 'aria-selected': 'false', tabindex: '-1' }, v.title);
    tab.addEventListener('click', () => select(tab, false));
    tab.addEventListener('keydown', onTabKey);
    $('tabs').append(tab);
    $('main').append(el('section', { role: 'tabpanel', id: 'panel-view-' + i, 'aria-labelledby': id, tabindex: '0', hidden: true },
      el('h2', { text: v.title }), el('div', { id: 'view-' + i })));
    state.views.push({ tab: id, box: 'view-' + i, path: v.path });
  });
}

async function loadView(view) {
  const box = clear($(view.box));
  try {
    const q = new URLSearchParams({ domain: state.domain, table: state.table });
    const r = await (await fetch(view.path + '?' + q.toString())).json();
    const rows = r.rows || [];
    if (!rows.length) { box.append(el('p', { class: 'muted', text: r.note || 'Nothing yet.' })); return; }
    const cols = Array.from(rows.reduce((s, x) => { Object.keys(x).forEach(k => s.add(k)); return s; }, new Set()));
    const t = el('table', {}, el('tr', {}, ...cols.map(c => el('th', { text: c }))));
    for (const row of rows) t.append(el('tr', {}, ...cols.map(c => el('td', { text: row[c] === undefined ? '' : String(row[c]) }))));
    box.append(t);
  } catch (err) {
    box.append(el('p', { class: 'error', text: err.message }));
  }
}

init().catch(err => status('The explorer could not start: ' + err.message));
