// `npm run openapi`: writes the /v2 OpenAPI document the service serves at /v2/openapi.json to a file,
// for tools that want it without a running service.
import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../server/openapi';

const target = process.argv[2] ?? 'openapi.json';
writeFileSync(target, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`Wrote ${target}`);
