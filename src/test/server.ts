import { setupServer } from 'msw/node';
import { createMockService } from '@/mock-service/service';

/** One mock service for the whole vitest run; setup.ts resets it after every test. */
export const mockService = createMockService();

export const server = setupServer(...mockService.handlers);
