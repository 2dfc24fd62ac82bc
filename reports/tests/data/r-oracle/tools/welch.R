#!/usr/bin/env Rscript
# usage: Rscript welch.R FIXTURE_DIR OUT_DIR
args = commandArgs(TRUE)
fixdir = args[1]; outdir = args[2]
cc = c('character', 'character', 'character', 'numeric', 'numeric')
cases = list()
fix = function(case, file, name) {
  d = read.csv(file.path(fixdir, file), colClasses=cc)
  d$name = paste0(d$filename, ' ', d$configuration)
  s = d[d$name == name, ]
  stopifnot(nrow(s) > 0)
  cases[[case]] <<- list(old=s$rate[s$binary == 'old'], new=s$rate[s$binary == 'new'])
}
fix('fixture_readfilesync_existing_utf8', 'readfilesync.csv', "fs/readFileSync.js n=600 path='existing' encoding='utf8'")
fix('fixture_readfilesync_existing_undefined', 'readfilesync.csv', "fs/readFileSync.js n=600 path='existing' encoding='undefined'")
fix('fixture_writefilesync_1024_fd_false', 'writefilesync.csv', "fs/bench-writeFileSync.js n=1000 func='writeFile' useBuffer='false' length=1024 useFd='false' encoding='utf8'")
fix('fixture_startup_empty_config', 'empty-config.csv', "misc/startup.js ")
fix('fixture_print_process', 'print-quoting.csv', "misc/print.js dur=1 code='process'")

set.seed(20240501)
syn = function(case, old, new) cases[[case]] <<- list(old=old, new=new)
syn('n2_vs_2', rnorm(2, 1000, 20), rnorm(2, 1050, 25))
syn('n3_vs_40', rnorm(3, 5e4, 1500), rnorm(40, 5.2e4, 800))
syn('n40_vs_3', rnorm(40, 5e4, 800), rnorm(3, 5.1e4, 1500))
syn('tiny_df', rnorm(2, 100, 40), rnorm(30, 101, 0.01))          # df close to 1
syn('huge_t_p_below_1e-100', rnorm(30, 1000, 0.5), rnorm(30, 1200, 0.5))
o = rnorm(30, 2e5, 3000)
syn('t_near_0', o, rev(o) + 1e-7 * 2e5)
o = rnorm(30, 800, 12)
se = sqrt(2 * var(o) / 30)
syn('p_near_0.05', o, o + qt(0.975, 58) * se * (1 + 1e-7))   # equal variances -> df = 58
syn('negative_t_unequal_var', rnorm(30, 3e6, 9e4), rnorm(25, 2.9e6, 2e4))
syn('n100_vs_100', rnorm(100, 42.5, 1.1), rnorm(100, 42.9, 1.3))
syn('scale_1e75', rnorm(30, 1e75, 2e73), rnorm(30, 1.01e75, 2e73))

f17 = function(x) sprintf('%.17g', x)
ref = do.call(rbind, lapply(names(cases), function(k) {
  old = cases[[k]]$old; new = cases[[k]]$new
  w = t.test(new, old)
  data.frame(case=k, n_old=length(old), n_new=length(new),
             mean_old=f17(mean(old)), mean_new=f17(mean(new)),
             var_old=f17(var(old)), var_new=f17(var(new)),
             t=f17(unname(w$statistic)), df=f17(unname(w$parameter)), p_value=f17(w$p.value),
             qt_975=f17(qt(0.975, w$parameter)), qt_995=f17(qt(0.995, w$parameter)),
             qt_9995=f17(qt(0.9995, w$parameter)))
}))
write.csv(ref, file.path(outdir, 'welch_reference.csv'), row.names=FALSE, quote=FALSE)
smp = do.call(rbind, lapply(names(cases), function(k) rbind(
  data.frame(case=k, binary='old', rate=f17(cases[[k]]$old)),
  data.frame(case=k, binary='new', rate=f17(cases[[k]]$new)))))
write.csv(smp, file.path(outdir, 'welch_reference_samples.csv'), row.names=FALSE, quote=FALSE)

# self-check: re-read the samples as written and recompute
s2 = read.csv(file.path(outdir, 'welch_reference_samples.csv'), colClasses=c('character','character','numeric'))
for (k in names(cases)) {
  stopifnot(identical(s2$rate[s2$case == k & s2$binary == 'old'], cases[[k]]$old))
  stopifnot(identical(s2$rate[s2$case == k & s2$binary == 'new'], cases[[k]]$new))
}
cat("ok\n")
