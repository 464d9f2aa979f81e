/*
 * The `unique` token filter's default behaviour (part of the Quarry security-analysis test plugin,
 * see SecurityAnalysisPlugin): passes each distinct term once per token stream, dropping later
 * repeats wherever they occur. Lucene has no such filter (its RemoveDuplicatesTokenFilter only
 * compares tokens at the same position), so this small one stands in for analysis-common's.
 */
package dev.quarry.securityanalysis;

import java.io.IOException;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

final class UniqueTokenFilter extends TokenFilter {
  private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
  private final CharArraySet seen = new CharArraySet(8, false);

  UniqueTokenFilter(TokenStream in) {
    super(in);
  }

  @Override
  public boolean incrementToken() throws IOException {
    while (input.incrementToken()) {
      if (!seen.contains(term.buffer(), 0, term.length())) {
        seen.add(term.toString());
        return true;
      }
    }
    return false;
  }

  @Override
  public void reset() throws IOException {
    super.reset();
    seen.clear();
  }
}
