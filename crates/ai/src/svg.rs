//! The simulator's chart: win rates with their 95% intervals, and the
//! distribution of the final position's evaluation. Drawn with plotters'
//! SVG backend only (no system fonts: text is left to the SVG viewer).

use crate::sim::{SimResults, BINS};
use plotters::prelude::*;

const WIDTH: u32 = 960;
const HEIGHT: u32 = 420;

/// The chart as an SVG document.
pub fn chart(r: &SimResults) -> Result<String, String> {
    let mut out = String::new();
    draw(r, &mut out).map_err(|e| format!("cannot draw the chart: {e}"))?;
    Ok(out)
}

fn draw(r: &SimResults, out: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(out, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&WHITE)?;
    let (left, right) = root.split_horizontally(WIDTH / 2);

    // Win rates (and draws) with Wilson intervals.
    let mut names: Vec<String> = r
        .seat_order
        .iter()
        .map(|s| format!("{s} ({})", r.seats.get(s).map(String::as_str).unwrap_or("?")))
        .collect();
    names.push("draws".into());
    let mut rates: Vec<_> = r.seat_order.iter().map(|s| r.win_rates[s].clone()).collect();
    rates.push(r.draw_rate.clone());
    let k = names.len() as i32;
    let mut chart = ChartBuilder::on(&left)
        .caption(
            format!("{}: win rates, {} games", r.scenario, r.games),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d((0..k - 1).into_segmented(), 0.0..100.0f64)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_desc("% of games (bars: 95% Wilson interval)")
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => names.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .draw()?;
    let colours = [RGBColor(178, 34, 34), RGBColor(30, 80, 160), RGBColor(128, 128, 128)];
    for (i, rt) in rates.iter().enumerate() {
        let c = if i + 1 == rates.len() {
            colours[2]
        } else {
            colours[i % 2]
        };
        let i = i as i32;
        chart.draw_series(std::iter::once(Rectangle::new(
            [
                (SegmentValue::Exact(i), 0.0),
                (SegmentValue::Exact(i + 1), 100.0 * rt.rate),
            ],
            c.mix(0.75).filled(),
        )))?;
        let centre = SegmentValue::CenterOf(i);
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(centre.clone(), 100.0 * rt.low), (centre, 100.0 * rt.high)],
            BLACK.stroke_width(2),
        )))?;
    }

    // The final position's evaluation for the first seat.
    let most = r.margin.histogram.iter().copied().max().unwrap_or(0).max(1) as f64;
    let mut chart = ChartBuilder::on(&right)
        .caption(
            format!("final position: {}'s evaluation", r.margin.seat),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(0.0..1.0f64, 0.0..most * 1.1)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(format!("0 = {} lost .. 1 = won", r.margin.seat))
        .y_desc("games")
        .draw()?;
    let w = 1.0 / BINS as f64;
    chart.draw_series(r.margin.histogram.iter().enumerate().map(|(i, &c)| {
        let x = i as f64 * w;
        Rectangle::new(
            [(x + 0.005, 0.0), (x + w - 0.005, c as f64)],
            colours[0].mix(0.75).filled(),
        )
    }))?;
    root.present()?;
    Ok(())
}
