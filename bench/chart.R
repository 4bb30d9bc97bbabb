# Bar chart of the ratios pyreticulate / reticulate from bench/run.py's
# results.csv, drawn with base R. Reference rows (a workload another row is
# compared to, like the numpy copy) are left out: they do not cross the bridge; so is
# an extra-cost row whose difference came out negative (noise), which has no log.
#
#   Rscript chart.R results.csv ratios.png [OTHER]   (OTHER: the other side, reticulate)

args <- commandArgs(trailingOnly = TRUE)
other <- if (length(args) >= 3) args[[3]] else "reticulate"
results <- read.csv(args[[1]], stringsAsFactors = FALSE, na.strings = "NA")
bars <- results[!is.na(results$ratio) & results$ratio > 0 & !results$name %in% results$compare_to, ]
if (!nrow(bars)) stop("no workload has a ratio to draw", call. = FALSE)
bars <- bars[rev(seq_len(nrow(bars))), ]

# Bars are log10(ratio), so they grow from 1 (same time): left when
# pyreticulate is faster, right when it is slower; the axis is labelled in ratios.
png(args[[2]], width = 1000, height = 140 + 40 * nrow(bars), res = 110, type = "cairo")
par(mar = c(4.5, 23, 3.5, 1.5))
heights <- log10(bars$ratio)
ticks <- c(0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100)
limits <- range(c(heights, 0)) + c(-0.25, 0.25)
ticks <- ticks[log10(ticks) >= limits[[1]] & log10(ticks) <= limits[[2]]]
centres <- barplot(heights, names.arg = bars$label, horiz = TRUE, las = 1, xlim = limits,
                   axes = FALSE, col = ifelse(heights < 0, "#4c9a6a", "#c0504d"),
                   border = NA, cex.names = 0.8,
                   xlab = sprintf("pyreticulate time / %s time (log scale)", other))
title(sprintf("pyreticulate vs %s on the same workloads\n(green: pyreticulate faster)", other),
      cex.main = 0.95)
axis(1, at = log10(ticks), labels = format(ticks, drop0trailing = TRUE, scientific = FALSE))
abline(v = 0, lty = 2)
text(heights, centres, sprintf("%.2f", bars$ratio), pos = ifelse(heights < 0, 2, 4),
     cex = 0.75, xpd = TRUE)
invisible(dev.off())
