package org.elasticsearch.xpack.ml;

import org.elasticsearch.license.License;
import org.elasticsearch.license.LicensedFeature;

/**
 * Only the two licence constants that ES|QL's CATEGORIZE and CHANGE_POINT read. Without a class of
 * this name the JVM throws NoClassDefFoundError and the node exits; with it they answer the real
 * basic-licence refusal. Never start a trial on a node that carries it: the check then passes and
 * the missing machine-learning code kills the node.
 */
public final class MachineLearning {
    public static final LicensedFeature.Momentary CATEGORIZE_TEXT_AGG_FEATURE =
        LicensedFeature.momentary("machine-learning", "categorize-text-agg", License.OperationMode.PLATINUM);
    public static final LicensedFeature.Momentary CHANGE_POINT_AGG_FEATURE =
        LicensedFeature.momentary("machine-learning", "change-point-agg", License.OperationMode.PLATINUM);

    private MachineLearning() {}
}
