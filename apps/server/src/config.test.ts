import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, sandboxGatewayNotice } from './config';

describe('configuration from the environment', () => {
  it('keeps screenshots in DATA_DIR unless S3_ENDPOINT names a bucket, whose keys it then requires', () => {
    expect(loadConfig({}).imageBucket).toBeNull();
    const bucket = {
      S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com',
      S3_BUCKET: 'slips',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'backlay/slips/',
    };
    expect(loadConfig(bucket).imageBucket).toEqual({
      endpoint: 'https://s3.ap-south-1.amazonaws.com',
      bucket: 'slips',
      region: 'ap-south-1',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      prefix: 'backlay/slips/',
    });
    expect(() => loadConfig({ ...bucket, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      'S3_SECRET_ACCESS_KEY is required when S3_ENDPOINT is set',
    );
    expect(() => loadConfig({ ...bucket, S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ ...bucket, S3_ENDPOINT: 'ftp://x' })).toThrow(ConfigError);
  });

  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      redisUrl: null,
      production: false,
      trustProxy: false,
      payloadCodecKey: null,
      smsProviderUrl: null,
      hsts: false,
      feed: 'simulator',
      feedSeed: null,
      feedPace: 6,
      feedTimeScale: 1,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/backlay',
      DATABASE_URL: 'postgres://u@db:5432/backlay',
      REDIS_URL: 'redis://cache:6379',
      NODE_ENV: 'production',
      TRUST_PROXY: '2',
      SMS_PROVIDER_URL: 'https://sms.example/send',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/backlay',
      databaseUrl: 'postgres://u@db:5432/backlay',
      redisUrl: 'redis://cache:6379',
      production: true,
      trustProxy: 2,
      smsProviderUrl: 'https://sms.example/send',
    });
    expect(
      loadConfig({ FEED: 'off', FEED_SEED: '42', FEED_PACE: '60', FEED_TIME_SCALE: '20' }),
    ).toMatchObject({ feed: 'off', feedSeed: 42, feedPace: 60, feedTimeScale: 20 });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ HSTS: 'true' }).hsts).toBe(true);
    expect(loadConfig({ HSTS: 'false' }).hsts).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it("reads casino providers' frame origins, refusing anything but origins", () => {
    expect(loadConfig({}).casinoProviderOrigins).toEqual([]);
    expect(
      loadConfig({
        CASINO_PROVIDER_ORIGINS: 'https://games.provider-one.com,https://live.provider-two.io:8443',
      }).casinoProviderOrigins,
    ).toEqual(['https://games.provider-one.com', 'https://live.provider-two.io:8443']);
    for (const bad of ['*', 'https://*.provider.com', 'https://games.provider.com/lobby']) {
      expect(() => loadConfig({ CASINO_PROVIDER_ORIGINS: bad })).toThrow(/CASINO_PROVIDER_ORIGINS/);
    }
  });

  it('serves the sandbox gateway to everyone only when asked, to this machine by default, and not where the deployment looks live', () => {
    const reach = (env: NodeJS.ProcessEnv) => {
      const config = loadConfig(env);
      // Payments' own switch agrees: the sandbox runs unless it is off.
      expect(config.paymentGateway.sandbox).toBe(config.sandboxGateway.reach !== 'off');
      return config.sandboxGateway.reach;
    };
    const production = { NODE_ENV: 'production', ALLOW_NO_SMS_PROVIDER: 'true' };
    expect(reach({})).toBe('this-machine');
    expect(reach(production)).toBe('off');
    expect(reach({ PAYMENT_GATEWAY_URL: 'https://api.gateway.example' })).toBe('off');
    expect(reach({ SMS_PROVIDER_URL: 'https://sms.example/send' })).toBe('off');
    expect(reach({ SANDBOX_GATEWAY: 'on' })).toBe('everyone');
    expect(reach({ ...production, SANDBOX_GATEWAY: 'on' })).toBe('everyone');
    expect(reach({ ...production, SANDBOX_GATEWAY: 'local' })).toBe('this-machine');
    expect(reach({ SANDBOX_GATEWAY: 'off' })).toBe('off');
    for (const bad of ['yes', 'true', 'ON']) {
      expect(() => loadConfig({ SANDBOX_GATEWAY: bad })).toThrow(/SANDBOX_GATEWAY must be/);
    }
  });

  it('says at start whether the sandbox gateway runs, for whom, and why', () => {
    const notice = (env: NodeJS.ProcessEnv) => sandboxGatewayNotice(loadConfig(env).sandboxGateway);
    expect(notice({ SANDBOX_GATEWAY: 'on' })).toEqual({
      level: 'warn',
      message: expect.stringMatching(
        /answers everyone \(SANDBOX_GATEWAY=on\).*never on a live site/,
      ),
    });
    expect(notice({})).toEqual({
      level: 'info',
      message: expect.stringMatching(/answers this machine only .*SANDBOX_GATEWAY=on/),
    });
    expect(notice({ PAYMENT_GATEWAY_URL: 'https://api.gateway.example' }).message).toMatch(
      /is off \(PAYMENT_GATEWAY_URL is set\)/,
    );
    expect(notice({ NODE_ENV: 'production', ALLOW_NO_SMS_PROVIDER: 'true' }).message).toMatch(
      /is off \(NODE_ENV=production\)/,
    );
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: '80a' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must start with postgres:/,
    );
    expect(() => loadConfig({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL is not a URL/);
    expect(() => loadConfig({ FEED: 'live' })).toThrow(/FEED must be/);
    expect(() => loadConfig({ FEED_PACE: '0' })).toThrow(/FEED_PACE/);
    expect(() => loadConfig({ FEED_TIME_SCALE: '1.5' })).toThrow(/FEED_TIME_SCALE/);
    expect(() => loadConfig({ HSTS: 'yes' })).toThrow(/HSTS must be "true" or "false"/);
    expect(() => loadConfig({ ALLOW_NO_SMS_PROVIDER: '1' })).toThrow(/ALLOW_NO_SMS_PROVIDER/);
  });

  it('will not run production without an SMS provider unless told to', () => {
    const refusal = () => loadConfig({ NODE_ENV: 'production' });
    expect(refusal).toThrow(ConfigError);
    expect(refusal).toThrow(/NODE_ENV=production needs SMS_PROVIDER_URL/);
    expect(refusal).toThrow(/ALLOW_NO_SMS_PROVIDER=true/);
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_NO_SMS_PROVIDER: 'false' })).toThrow(
      ConfigError,
    );

    expect(loadConfig({ NODE_ENV: 'production', ALLOW_NO_SMS_PROVIDER: 'true' })).toMatchObject({
      production: true,
      smsProviderUrl: null,
    });
    expect(
      loadConfig({ NODE_ENV: 'production', SMS_PROVIDER_URL: 'https://sms.example/send' }),
    ).toMatchObject({ production: true, smsProviderUrl: 'https://sms.example/send' });
    // Development needs none: codes go to the log and the loopback-only outbox.
    expect(loadConfig({}).smsProviderUrl).toBeNull();
  });
});
