/* SPDX-License-Identifier: MIT */
/*
 * report_assets.h - what the HTML report inlines, embedded at build time by
 * tools/embed-assets.cmake (CMakeLists.txt): uPlot's script and styles from the npm package
 * the build installs (src/output/report_js/package.json), and the page's own script and styles.
 * "http://" and "https://" are removed from them on the way, so the page names no URL.
 */
#ifndef CAPSIM_REPORT_ASSETS_H
#define CAPSIM_REPORT_ASSETS_H

#include <stddef.h>

extern const char report_uplot_js[], report_uplot_css[], report_page_js[], report_page_css[];
extern const size_t report_uplot_js_len, report_uplot_css_len, report_page_js_len,
	report_page_css_len;

#endif /* CAPSIM_REPORT_ASSETS_H */
