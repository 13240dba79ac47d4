// The floor page: plain DOM, no framework. It reads the flow and its newest page of attempts from the same
// service, with the same key and page size as the dashboard, both at once, and writes the rows as soon as the
// attempts arrive. The bench measures this page and the dashboard's flow page the same way.
const params = new URLSearchParams(location.hash.slice(1));
const key = params.get('key');
const flowId = params.get('flow');
const limit = params.get('limit') ?? '25';
const read = async (path) => (await (await fetch(path, { headers: { Authorization: `Bearer ${key}` } })).json()).data;

const [flow, attempts] = await Promise.all([read(`/v2/flows/${flowId}`), read(`/v2/flows/${flowId}/run?limit=${limit}&order=DESC`)]);
document.getElementById('name').textContent = flow.displayName;
document.getElementById('rows').replaceChildren(
  ...attempts.map((attempt) => {
    const row = document.createElement('tr');
    for (const text of [`Attempt ${String(attempt.id)}`, attempt.disposition, attempt.createdAt]) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    return row;
  }),
);
