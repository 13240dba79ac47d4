import { expect, test as base } from '@playwright/test';

// Every e2e test runs under the service's Content-Security-Policy, and a violation fails it. Chromium
// reports most as a console error ("Refused to ... because it violates the following Content Security
// Policy directive"), which a page-wide listener collects for the whole test, new pages included; an eval a
// script tries and catches is reported only to the page, as a `securitypolicyviolation` event, which every
// page of the test forwards here.

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const watch = (page: import('@playwright/test').Page) => {
        page.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await context.exposeBinding('reportCspViolation', (_source, violation: string) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { reportCspViolation: (violation: string) => void }).reportCspViolation;
          report(`${event.violatedDirective} (${event.blockedURI}) from ${event.sourceFile}:${String(event.lineNumber)}`);
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
