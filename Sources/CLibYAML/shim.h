#ifndef SHOP_CLIBYAML_SHIM_H
#define SHOP_CLIBYAML_SHIM_H
#include <yaml.h>
#endif
