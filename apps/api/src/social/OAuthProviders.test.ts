import { describe, expect, test } from 'vitest'
import * as OAuthProviders from './OAuthProviders.js'

describe('fromEnv', () => {
  test('a provider without both client id and secret stays on the dev provider', () => {
    expect(OAuthProviders.fromEnv({})).toEqual({})
    expect(OAuthProviders.fromEnv({ OAUTH_GOOGLE_CLIENT_ID: 'id' })).toEqual({})
    expect(OAuthProviders.fromEnv({ OAUTH_GOOGLE_CLIENT_SECRET: 'secret', OAUTH_X_CLIENT_ID: ' ' })).toEqual(
      {},
    )
  })

  test('client credentials alone use the published endpoints', () => {
    const real = OAuthProviders.fromEnv({
      OAUTH_GOOGLE_CLIENT_ID: 'gid',
      OAUTH_GOOGLE_CLIENT_SECRET: 'gsecret',
      OAUTH_GITHUB_CLIENT_ID: 'hid',
      OAUTH_GITHUB_CLIENT_SECRET: 'hsecret',
    })
    expect(Object.keys(real).sort()).toEqual(['github', 'google'])
    expect(real.google).toEqual({
      clientId: 'gid',
      clientSecret: 'gsecret',
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      tokenAuth: 'client_secret_basic',
      scope: 'openid profile',
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      issuer: 'https://accounts.google.com',
      subjectPath: 'sub',
      namePath: 'name',
    })
    expect(real.github).toMatchObject({
      userinfoUrl: 'https://api.github.com/user',
      subjectPath: 'id',
      tokenAuth: 'client_secret_post',
    })
    expect(real.github).not.toHaveProperty('jwksUrl')
  })

  test('every endpoint can be overridden; naming a userinfo URL makes the provider plain OAuth 2.0', () => {
    const { google } = OAuthProviders.fromEnv({
      OAUTH_GOOGLE_CLIENT_ID: 'gid',
      OAUTH_GOOGLE_CLIENT_SECRET: 'gsecret',
      OAUTH_GOOGLE_AUTHORIZE_URL: 'https://idp.example/authorize',
      OAUTH_GOOGLE_TOKEN_URL: 'https://idp.example/token',
      OAUTH_GOOGLE_USERINFO_URL: 'https://idp.example/me',
      OAUTH_GOOGLE_SUBJECT_PATH: 'data.id',
      OAUTH_GOOGLE_SCOPE: '',
      OAUTH_GOOGLE_TOKEN_AUTH: 'client_secret_post',
    })
    expect(google).toMatchObject({
      authorizeUrl: 'https://idp.example/authorize',
      tokenUrl: 'https://idp.example/token',
      userinfoUrl: 'https://idp.example/me',
      subjectPath: 'data.id',
      scope: '',
      tokenAuth: 'client_secret_post',
    })
    expect(google).not.toHaveProperty('jwksUrl')
  })

  test('an unknown token auth method falls back to the default', () => {
    const { discord } = OAuthProviders.fromEnv({
      OAUTH_DISCORD_CLIENT_ID: 'id',
      OAUTH_DISCORD_CLIENT_SECRET: 'secret',
      OAUTH_DISCORD_TOKEN_AUTH: 'private_key_jwt',
    })
    expect(discord?.tokenAuth).toBe('client_secret_basic')
  })
})
