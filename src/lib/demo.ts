/** `npm start` before the local service existed: the service is simulated in the browser (MSW). */
export const isDemo = import.meta.env.MODE === 'demo';

export const DEMO_API_KEY = 'flowdeck-demo-key';

/** The demo's seeded people sign in with this password (the mock service's). */
export const DEMO_PASSWORD = 'flowdeck-demo-password';
