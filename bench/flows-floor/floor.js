// The floor page: plain DOM, no framework. It reads the flows from the same service, with the same key and
// the same page size as the dashboard, writes the first row as soon as the first page arrives, then reads
// the rest and filters the names on every input. The bench measures this page and the dashboard the same way.
const PAGE = 1000;
const SHOWN = 20;
const key = new URLSearchParams(location.hash.slice(1)).get('key');
const rows = document.getElementById('rows');
const count = document.getElementById('count');
const search = document.getElementById('search');
const flows = [];
const names = [];

function show(list) {
  rows.replaceChildren(
    ...list.slice(0, SHOWN).map((flow) => {
      const row = document.createElement('tr');
      const cell = document.createElement('td');
      const link = document.createElement('a');
      link.href = `/flows/${String(flow.id)}`;
      link.textContent = flow.displayName;
      cell.append(link);
      row.append(cell);
      return row;
    }),
  );
}

function filter() {
  const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
  const matched = flows.filter((_, index) => words.every((word) => names[index].includes(word)));
  count.textContent = words.length === 0 ? `${String(flows.length)} flows` : `${String(matched.length)} of ${String(flows.length)} flows match`;
  show(matched);
}

async function readPage(offset) {
  const response = await fetch(`/v2/flows?limit=${String(PAGE)}&offset=${String(offset)}`, { headers: { Authorization: `Bearer ${key}` } });
  return (await response.json()).data;
}

for (let offset = 0; ; offset += PAGE) {
  const page = await readPage(offset);
  for (const flow of page) {
    flows.push(flow);
    names.push(`${flow.displayName}\n#${String(flow.id)}`.toLowerCase());
  }
  if (offset === 0) show(flows);
  if (page.length < PAGE) break;
}
filter();
search.addEventListener('input', filter);
