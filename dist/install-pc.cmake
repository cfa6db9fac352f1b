# SPDX-License-Identifier: MIT
# Writes capsim.pc at install time (cmake --install, make install), so its prefix is the one
# installed to even when `cmake --install --prefix` overrides the configured prefix; the file
# is added to install_manifest.txt as file(INSTALL) adds the others, for make uninstall.
# Included by install(CODE) with CAPSIM_PC_IN, CAPSIM_INSTALL_*DIR, PROJECT_VERSION, CAPSIM_PC_DL.
foreach(dir LIB INCLUDE DATA)
  if(IS_ABSOLUTE "${CAPSIM_INSTALL_${dir}DIR}")
    set(CAPSIM_PC_${dir}DIR "${CAPSIM_INSTALL_${dir}DIR}")
  else()
    set(CAPSIM_PC_${dir}DIR "\${prefix}/${CAPSIM_INSTALL_${dir}DIR}")
  endif()
endforeach()
set(CAPSIM_PC_DATADIR "${CAPSIM_PC_DATADIR}/capsim")
if(IS_ABSOLUTE "${CAPSIM_INSTALL_LIBDIR}")
  set(pc "${CAPSIM_INSTALL_LIBDIR}/pkgconfig/capsim.pc")
else()
  set(pc "${CMAKE_INSTALL_PREFIX}/${CAPSIM_INSTALL_LIBDIR}/pkgconfig/capsim.pc")
endif()
message(STATUS "Installing: $ENV{DESTDIR}${pc}")
configure_file("${CAPSIM_PC_IN}" "$ENV{DESTDIR}${pc}" @ONLY)
# The manifest lists paths without DESTDIR, as file(INSTALL) records them.
list(APPEND CMAKE_INSTALL_MANIFEST_FILES "${pc}")
