import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('loadConfig: settings read from files (X_FILE)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'config-files-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const problemsOf = (run: () => unknown): string[] => {
    try {
      run();
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    throw new Error('expected a ConfigError');
  };

  it('reads the value from the file, without its trailing newline', () => {
    const config = loadConfig(Schema, {
      SECRET_FILE: file('secret', 's3cret value\n'),
      DATABASE_URL_FILE: file('db', 'postgres://app:pw@db:5432/market\r\n'),
    });
    expect(config.SECRET).toBe('s3cret value');
    expect(config.DATABASE_URL).toBe('postgres://app:pw@db:5432/market');
  });

  it('converts and checks a value from a file like one from the environment', () => {
    expect(loadConfig(Schema, { SECRET: 's', PORT_FILE: file('port', '8082\n') }).PORT).toBe(8082);
    expect(problemsOf(() => loadConfig(Schema, { SECRET: 's', PORT_FILE: file('bad-port', 'x\n') }))).toEqual(
      [expect.stringMatching(/^PORT .*\(got \(hidden\)\)$/)],
    );
  });

  it('refuses both X and X_FILE', () => {
    expect(problemsOf(() => loadConfig(Schema, { SECRET: 'a', SECRET_FILE: file('both', 'b') }))).toEqual([
      'SECRET and SECRET_FILE are both set (use one)',
    ]);
  });

  it('names the setting and the file when the file cannot be read', () => {
    const missing = join(dir, 'nowhere');
    expect(problemsOf(() => loadConfig(Schema, { SECRET_FILE: missing }))).toEqual([
      `SECRET_FILE names a file that cannot be read: ${missing} (no such file)`,
    ]);
    expect(problemsOf(() => loadConfig(Schema, { SECRET_FILE: dir }))).toEqual([
      `SECRET_FILE names a file that cannot be read: ${dir} (it is a folder)`,
    ]);
  });

  it('an empty file is an unset value', () => {
    expect(problemsOf(() => loadConfig(Schema, { SECRET_FILE: file('empty', '\n') }))).toEqual([
      'SECRET is required',
    ]);
  });
});

describe('loadConfig: secrets stay out of the error', () => {
  it('hides the values of secret-looking names and the password in a URL', () => {
    const SecretSchema = Type.Object({
      ...BaseConfigSchema.properties,
      ADMIN_PASSWORD: Type.String({ minLength: 12 }),
    });
    let message = '';
    try {
      loadConfig(SecretSchema, { ADMIN_PASSWORD: 'short-pw', DATABASE_URL: 'mysql://app:hunter2@db/x' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('ADMIN_PASSWORD');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('mysql://app:***@db/x');
    expect(message).not.toContain('short-pw');
    expect(message).not.toContain('hunter2');
  });
});
