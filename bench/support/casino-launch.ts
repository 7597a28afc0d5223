// A demo player (play money, no sign-up codes) launched into the crash game at Mac: the player
// token a provider's callbacks or the studio's socket then carry.

/** Logs a new demo player in at `address` and launches Sky Ace; answers the launch's token. */
export async function demoCrashToken(address: string): Promise<string> {
  const login = await fetch(`${address}/api/Account/LoginAsDemoUser`);
  const session = (await login.json()) as { result: { accessToken: string } };
  const launch = await fetch(`${address}/api/Casino/LaunchMac`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${session.result.accessToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ gameCode: 'sbe_aviator', gameId: 201206, country: 'IN' }),
  });
  const launched = (await launch.json()) as { success: boolean; result: { url: string } };
  if (!launched.success) throw new Error('the launch was refused');
  const token = new URL(launched.result.url, address).searchParams.get('token');
  if (!token) throw new Error('the game URL has no token');
  return token;
}
