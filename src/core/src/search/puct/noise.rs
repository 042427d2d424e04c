//! Root noise from the search's own [`GameRng`]: Dirichlet (AlphaZero) and Gumbel (Gumbel
//! AlphaZero). Floating point here only shapes priors, never a game's randomness.

use crate::rng::GameRng;

/// Uniform in the open interval (0, 1): the centre of one of 2^52 equal cells, picked by the
/// word's top 52 bits. (With 53 bits, `k + 0.5` is not a double for `k >= 2^52`: it rounded to
/// an even integer, so the upper half's draws were not centres and the top cell gave 1.0.)
pub(crate) fn uniform(rng: &mut GameRng) -> f64 {
    ((rng.next_u64() >> 12) as f64 + 0.5) * (1.0 / (1u64 << 52) as f64)
}

/// A standard normal draw (Box-Muller).
fn normal(rng: &mut GameRng) -> f64 {
    let (u, v) = (uniform(rng), uniform(rng));
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// A Gamma(shape, 1) draw (Marsaglia and Tsang; shape below 1 through the boost `U^(1/shape)`).
fn gamma(rng: &mut GameRng, shape: f64) -> f64 {
    if shape < 1.0 {
        return gamma(rng, shape + 1.0) * uniform(rng).powf(1.0 / shape);
    }
    let d = shape - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = (1.0 + c * x).powi(3);
        if v <= 0.0 {
            continue;
        }
        let u = uniform(rng);
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

/// `n` probabilities from a symmetric Dirichlet(alpha).
pub(crate) fn dirichlet(rng: &mut GameRng, alpha: f64, n: usize) -> Vec<f64> {
    let mut x: Vec<f64> = (0..n).map(|_| gamma(rng, alpha)).collect();
    let total: f64 = x.iter().sum();
    if total > 0.0 && total.is_finite() {
        x.iter_mut().for_each(|v| *v /= total);
    } else {
        x.iter_mut().for_each(|v| *v = 1.0 / n.max(1) as f64);
    }
    x
}

/// A standard Gumbel draw.
pub(crate) fn gumbel(rng: &mut GameRng) -> f64 {
    -(-uniform(rng).ln()).ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dirichlet_is_a_distribution_with_the_right_mean() {
        let mut rng = GameRng::new(5);
        let mut mean = [0.0; 4];
        for _ in 0..4000 {
            let d = dirichlet(&mut rng, 0.3, 4);
            assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!(d.iter().all(|&p| p >= 0.0));
            for i in 0..4 {
                mean[i] += d[i] / 4000.0;
            }
        }
        for m in mean {
            assert!((m - 0.25).abs() < 0.03, "{mean:?}");
        }
    }

    /// The top 52 bits of a word pick one of 2^52 cells of (0, 1), and the draw is its centre,
    /// exactly: never 0 (whose logarithm the normal and Gumbel draws take) nor 1, even for the
    /// first and last cells.
    #[test]
    fn uniform_is_the_centre_of_the_words_cell() {
        // The generator's first words for seeds 7 and 0, pinned in `rng.rs`.
        let cell = 1.0 / 4_503_599_627_370_496.0; // 2^-52
        for (seed, word) in [(7, 0x0e2c_1a00_2aae_913d_u64), (0, 0x5317_5d61_490b_23df)] {
            let k = (word >> 12) as f64;
            assert_eq!(uniform(&mut GameRng::new(seed)), (k + 0.5) * cell);
        }
        let (first, last) = (0.5 * cell, (4_503_599_627_370_495.0 + 0.5) * cell);
        assert!(first > 0.0 && last < 1.0 && last == 1.0 - cell / 2.0);
    }

    /// Mean and variance of `n` draws.
    fn moments(n: usize, mut draw: impl FnMut() -> f64) -> (f64, f64) {
        let xs: Vec<f64> = (0..n).map(|_| draw()).collect();
        let mean = xs.iter().sum::<f64>() / n as f64;
        let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n as f64;
        (mean, var)
    }

    /// The share of `n` draws below `x`.
    fn share_below(n: usize, x: f64, mut draw: impl FnMut() -> f64) -> f64 {
        (0..n).filter(|_| draw() < x).count() as f64 / n as f64
    }

    /// The Dirichlet mean is 1/n for any positive weights; its shape shows in the variance,
    /// (1/n)(1 - 1/n)/(n alpha + 1): 0.0852 for alpha 0.3 over 4, 0.0375 for alpha 1.
    #[test]
    fn dirichlet_components_have_the_right_variance() {
        for (alpha, want) in [(0.3, 0.1875 / 2.2), (1.0, 0.1875 / 5.0)] {
            let mut rng = GameRng::new(3);
            let (_, var) = moments(20_000, || dirichlet(&mut rng, alpha, 4)[0]);
            assert!(
                (var / want - 1.0).abs() < 0.06,
                "alpha {alpha}: {var} against {want}"
            );
        }
    }

    /// Box-Muller gives a standard normal: mean 0, variance 1, P(X < 1) = 0.8413.
    #[test]
    fn normal_is_standard() {
        let mut rng = GameRng::new(11);
        let (mean, var) = moments(40_000, || normal(&mut rng));
        assert!(
            mean.abs() < 0.02 && (var - 1.0).abs() < 0.03,
            "{mean} {var}"
        );
        let below = share_below(40_000, 1.0, || normal(&mut rng));
        assert!((below - 0.8413).abs() < 0.008, "{below}");
    }

    /// Gamma(shape, 1) has mean and variance both equal to its shape, below 1 (the boost) and
    /// above.
    #[test]
    fn gamma_has_mean_and_variance_its_shape() {
        for shape in [0.3, 1.0, 2.5] {
            let mut rng = GameRng::new(13);
            let (mean, var) = moments(40_000, || gamma(&mut rng, shape));
            assert!(
                (mean / shape - 1.0).abs() < 0.03,
                "shape {shape}: mean {mean}"
            );
            assert!(
                (var / shape - 1.0).abs() < 0.06,
                "shape {shape}: variance {var}"
            );
        }
    }

    /// Gamma(1) is the exponential: P(X < 1) = 1 - 1/e. Moments alone miss a proposal that is
    /// slightly off (`(1 + c + x)^3` for `(1 + c x)^3` moves this by 0.01, the mean by 1%).
    #[test]
    fn gamma_of_shape_one_is_exponential() {
        let mut rng = GameRng::new(17);
        let below = share_below(40_000, 1.0, || gamma(&mut rng, 1.0));
        assert!((below - (1.0 - (-1.0f64).exp())).abs() < 0.005, "{below}");
    }

    /// With a tiny alpha every Gamma draw can underflow to 0 (the boost `U^(1/alpha)`): the
    /// noise is then uniform, never a division by zero.
    #[test]
    fn dirichlet_with_every_draw_underflowing_is_uniform() {
        let mut rng = GameRng::new(19);
        let mut uniform_draws = 0;
        for _ in 0..2000 {
            let d = dirichlet(&mut rng, 1e-3, 4);
            assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{d:?}");
            if d == [0.25; 4] {
                uniform_draws += 1;
            }
        }
        assert!(uniform_draws > 20, "{uniform_draws}");
    }

    #[test]
    fn gumbel_mean_is_euler_gamma() {
        let mut rng = GameRng::new(9);
        let n = 20_000;
        let mean: f64 = (0..n).map(|_| gumbel(&mut rng)).sum::<f64>() / n as f64;
        assert!((mean - 0.5772).abs() < 0.03, "{mean}");
    }
}
