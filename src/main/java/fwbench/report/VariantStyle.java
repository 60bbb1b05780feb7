package fwbench.report;

import fwbench.variant.Variant;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.util.ShapeUtils;

import java.awt.Color;
import java.awt.Shape;
import java.util.List;

/** A variant's colour and point marker as drawn, the same in every chart and table ({@link VariantName}). */
final class VariantStyle {

    private VariantStyle() {
    }

    /** A variant's colour, the same in every chart and table: {@link VariantName#colour}. */
    static Color colour(VariantName variant, List<VariantName> shown) {
        return new Color(variant.colour(shown));
    }

    /** A variant's point marker: {@link VariantName#marker}. */
    static Shape shape(VariantName variant, List<VariantName> shown) {
        return shape(variant.marker(shown));
    }

    /** A five-pointed star of outer and inner radius, centred on the point. */
    private static Shape star(double outer, double inner) {
        java.awt.geom.Path2D.Double p = new java.awt.geom.Path2D.Double();
        for (int k = 0; k < 10; k++) {
            double r = k % 2 == 0 ? outer : inner, a = -Math.PI / 2 + k * Math.PI / 5;
            if (k == 0) p.moveTo(r * Math.cos(a), r * Math.sin(a));
            else p.lineTo(r * Math.cos(a), r * Math.sin(a));
        }
        p.closePath();
        return p;
    }

    /** A regular polygon of {@code sides} corners on a circle of radius r, one corner at angle {@code first}. */
    private static Shape polygon(int sides, double r, double first) {
        java.awt.geom.Path2D.Double p = new java.awt.geom.Path2D.Double();
        for (int k = 0; k < sides; k++) {
            double a = first + k * 2 * Math.PI / sides;
            if (k == 0) p.moveTo(r * Math.cos(a), r * Math.sin(a));
            else p.lineTo(r * Math.cos(a), r * Math.sin(a));
        }
        p.closePath();
        return p;
    }

    /**
     * A marker's shape: JFreeChart's standard sequence, which the charts drew by series position
     * before variants had markers of their own, then crosses, a star and polygons.
     */
    static Shape shape(Variant.Marker marker) {
        Shape[] standard = DefaultDrawingSupplier.createStandardSeriesShapes();
        return switch (marker) {
            case SQUARE -> standard[0];
            case CIRCLE -> standard[1];
            case TRIANGLE_UP -> standard[2];
            case DIAMOND -> standard[3];
            case RECTANGLE_WIDE -> standard[4];
            case TRIANGLE_DOWN -> standard[5];
            case ELLIPSE_WIDE -> standard[6];
            case TRIANGLE_RIGHT -> standard[7];
            case RECTANGLE_TALL -> standard[8];
            case TRIANGLE_LEFT -> standard[9];
            case CROSS -> ShapeUtils.createDiagonalCross(3f, 1f);
            case PLUS -> ShapeUtils.createRegularCross(3f, 1f);
            case STAR -> star(4.0, 1.8);
            case HEXAGON -> polygon(6, 3.5, 0);
            case PENTAGON -> polygon(5, 3.6, -Math.PI / 2);
            case HEPTAGON -> polygon(7, 3.6, -Math.PI / 2);
            case OCTAGON -> polygon(8, 3.5, Math.PI / 8);
            case NONAGON -> polygon(9, 3.6, Math.PI / 2);
            case STAR_THIN -> star(4.2, 1.2);
            case PENTAGON_DOWN -> polygon(5, 3.6, Math.PI / 2);
        };
    }
}
