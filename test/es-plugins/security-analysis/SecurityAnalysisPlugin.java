/*
 * Quarry test plugin, built and installed by scripts/es/analysis-plugin.ts at `npm run es:up`.
 *
 * Why it exists: the .security system index of Elasticsearch 8.x and 9.x defines an `email` analyzer
 * (tokenizer `uax_url_email`, filters `email` = `pattern_capture`, `lowercase`, `unique`). Those
 * components live in the analysis-common module, which the integ-test-zip from Maven Central does
 * not ship and which is not published there on its own. Without them the .security index cannot be
 * created, so e.g. `POST /_security/api_key` fails with "Unknown filter type [pattern_capture]".
 *
 * What it does: registers just the missing components, under the names and with the settings of
 * analysis-common, on top of the Lucene classes already in the distribution's lib/. `lowercase`
 * is not registered: the server itself has a pre-configured `lowercase` token filter.
 */
package dev.quarry.securityanalysis;

import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.email.UAX29URLEmailTokenizer;
import org.apache.lucene.analysis.miscellaneous.RemoveDuplicatesTokenFilter;
import org.apache.lucene.analysis.pattern.PatternCaptureGroupTokenFilter;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.elasticsearch.index.analysis.TokenFilterFactory;
import org.elasticsearch.index.analysis.TokenizerFactory;
import org.elasticsearch.indices.analysis.AnalysisModule.AnalysisProvider;
import org.elasticsearch.plugins.AnalysisPlugin;
import org.elasticsearch.plugins.Plugin;

public class SecurityAnalysisPlugin extends Plugin implements AnalysisPlugin {

  @Override
  public Map<String, AnalysisProvider<TokenizerFactory>> getTokenizers() {
    // `uax_url_email`: like `standard`, but keeps URLs and e-mail addresses as single tokens.
    return Map.of(
        "uax_url_email",
        (indexSettings, env, name, settings) -> {
          int maxTokenLength =
              settings.getAsInt("max_token_length", StandardAnalyzer.DEFAULT_MAX_TOKEN_LENGTH);
          return TokenizerFactory.newFactory(
              name,
              () -> {
                UAX29URLEmailTokenizer tokenizer = new UAX29URLEmailTokenizer();
                tokenizer.setMaxTokenLength(maxTokenLength);
                return tokenizer;
              });
        });
  }

  @Override
  public Map<String, AnalysisProvider<TokenFilterFactory>> getTokenFilters() {
    return Map.of(
        // `pattern_capture`: also emits every regex capture group of each token; it has no
        // meaning without `patterns`, so it can only be used as a configured filter.
        "pattern_capture",
        AnalysisPlugin.requiresAnalysisSettings(
            (indexSettings, env, name, settings) -> {
              Pattern[] patterns =
                  settings.getAsList("patterns").stream()
                      .map(Pattern::compile)
                      .toArray(Pattern[]::new);
              if (patterns.length == 0) {
                throw new IllegalArgumentException(
                    "required setting 'patterns' is missing for token filter [" + name + "]");
              }
              boolean preserveOriginal = settings.getAsBoolean("preserve_original", true);
              return factory(
                  name, in -> new PatternCaptureGroupTokenFilter(in, preserveOriginal, patterns));
            }),
        // `unique`: drops repeated terms, across the whole stream by default, or only among
        // tokens at the same position with `only_on_same_position: true` (Lucene's own filter).
        "unique",
        (indexSettings, env, name, settings) ->
            settings.getAsBoolean("only_on_same_position", false)
                ? factory(name, RemoveDuplicatesTokenFilter::new)
                : factory(name, UniqueTokenFilter::new));
  }

  private static TokenFilterFactory factory(String name, UnaryOperator<TokenStream> filter) {
    return new TokenFilterFactory() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public TokenStream create(TokenStream in) {
        return filter.apply(in);
      }
    };
  }
}
