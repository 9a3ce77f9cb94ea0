import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 3000, publicUrl: 'http://127.0.0.1:3000', seedDemo: true, databaseUrl: undefined });
  });

  it('lets PORT, HOST and the rest override', () => {
    const config = loadConfig({ PORT: '8080', HOST: '0.0.0.0', PUBLIC_URL: 'https://portal.example.org/', SEED_DEMO: 'false' });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', publicUrl: 'https://portal.example.org', seedDemo: false });
  });

  it('trusts no proxy unless TRUST_PROXY says whom: every one (true), or their addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    for (const bad of ['everyone', '1', '10.0.0.0/8/8']) expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it('names every bad variable in one clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('Invalid configuration');
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
      expect(message).toContain('SEED_DEMO');
    }
  });
});
