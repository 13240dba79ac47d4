// The floor page: plain DOM, no framework. It reads the newest page of runs from the same service, with the
// same key and page size as the dashboard, and writes the rows as soon as they arrive. The bench measures this
// page and the dashboard's Runs page the same way.
const params = new URLSearchParams(location.hash.slice(1));
const key = params.get('key');
const answer = await (await fetch('/v2/runs?limit=50', { headers: { Authorization: `Bearer ${key}` } })).json();
document.getElementById('rows').replaceChildren(
  ...answer.data.map((run) => {
    const row = document.createElement('tr');
    for (const text of [`${run.name} #${String(run.number)}`, run.disposition, run.trigger, run.createdAt]) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    return row;
  }),
);
