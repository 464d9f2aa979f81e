/** How an agent answers each question with Quarry's tools, reading their text as a model would. */
import type { Answers } from "./tasks.ts";
import { elasticAnswers } from "./elastic-answers.ts";

// Placeholder while the catalog tools land.
export const quarryAnswers: Answers = elasticAnswers;
