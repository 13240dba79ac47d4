import { expect, test as base } from '@playwright/test';

// Every e2e test runs under the service's Content-Security-Policy, and a violation fails it: Chromium
// reports each one as a console error ("Refused to ... because it violates the following Content
// Security Policy directive"), which a page-wide listener collects for the whole test, new pages included.

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
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
