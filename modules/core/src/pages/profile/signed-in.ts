/** The profile's calls name the signed-in user; without one they fail instead of calling the API. */
export const signedInUser = (userId: number | null): number => {
  if (userId === null) throw new Error('Not signed in')
  return userId
}
