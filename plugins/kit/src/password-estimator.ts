/**
 * zxcvbn-ts with its common-password list and keyboard graphs (about 230 KB gzipped):
 * imported only by `passwordProblem`, on first use, so no page pays for it up front.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'

const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })

/** zxcvbn's score, 0 (among the most common) to 4; the person's own e-mail and names count as known words. */
export const passwordScore = (password: string, userInputs: string[]) => estimator.check(password, userInputs).score
