import { Type } from 'typebox';
import { BaseConfigSchema, ConfigError, loadConfig, PortSchema } from './config';

const Schema = Type.Object({ ...BaseConfigSchema.properties, PORT: PortSchema(3000), SECRET: Type.String() });

describe('loadConfig', () => {
  it('applies defaults and converts numbers', () => {
    const config = loadConfig(Schema, { PORT: '8081', SECRET: 's' });
    expect(config).toMatchObject({ PORT: 8081, HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: '.data' });
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig(Schema, { PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('"eighty"');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('LOG_LEVEL');
    expect(message).toContain('SECRET');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig(Schema, { SECRET: 'x', DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
